import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { PUBLIC_PAGES } from '../../../shared/pages/public-pages.ts';
import { isPossibleSlug } from '../../../shared/rules/blog.ts';
import { unlocalizedPath } from '../../../shared/rules/locales.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import { type ServerKeyStore, serverSecret } from '../../lib/server-secret.ts';
import type { BlogPostRepository } from './repository.ts';

/*
 * A post's views, counted where the post is served (decision 010): by the page server for `GET /blog/{slug}`
 * and by `GET /api/blogs/{slug}`, once per visitor, post and day, never for a known bot.
 */

// Crawlers, link previews and chat apps fetching a card: none of them is a reader.
const KNOWN_BOT = /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|telegrambot|preview/i;

/** Whether a User-Agent is a well-known crawler or link previewer (their visits are not counted). */
export function isKnownBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && KNOWN_BOT.test(userAgent);
}

/**
 * Who viewed, as a key that cannot be turned back into an address: an HMAC of IP and User-Agent under a
 * secret, salted with the day, so the same reader has unrelated keys on different days.
 */
export function visitorKey(ip: string, userAgent: string | undefined, day: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`${day}\u0000${ip}\u0000${userAgent ?? ''}`)
    .digest('base64url');
}

/** The UTC day (YYYY-MM-DD) a moment falls on: views count once per visitor per day. */
export function viewDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The post page's path before its slug (`/blog/`), from the page table. */
const POST_PAGE_PREFIX = PUBLIC_PAGES['blog-post'].path.replace(/:slug$/, '');

/**
 * The slug of a blog post page's URL (`/blog/{slug}` or `/hi/blog/{slug}`; a trailing slash, query or
 * fragment aside), when it could name a post.
 */
export function blogPostSlugOf(url: string): string | null {
  const pathname = unlocalizedPath(url.split(/[?#]/, 1)[0]!);
  if (!pathname.startsWith(POST_PAGE_PREFIX)) return null;
  const slug = pathname.slice(POST_PAGE_PREFIX.length).replace(/\/$/, '');
  return isPossibleSlug(slug) ? slug : null;
}

/** The row of site_settings holding the key that visitor keys are made with: one for every instance. */
const VIEW_KEY_ROW_ID = 'blog-view-key';
/** Who viewed is kept for today and the two days before (time zones, clocks a little apart), then forgotten. */
const VIEW_DAYS_KEPT = 2;

export interface BlogViewCounter {
  /** Counts a visitor's view of the published post at this slug (once per visitor, post and day). */
  record(slug: string, ip: string, userAgent: string | undefined): Promise<void>;
  /**
   * Counts the reader's view of a post page (a GET: a HEAD reads nothing). A failure is logged, never
   * thrown: it costs a count, never the page.
   */
  recordPageView(slug: string, request: FastifyRequest): Promise<void>;
}

/** Forgets the visitor keys of days past VIEW_DAYS_KEPT: at start, then daily. */
export function createBlogViewKeyPurge({
  blogPosts,
  clock,
  log,
}: {
  blogPosts: Pick<BlogPostRepository, 'purgeViewsBefore'>;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): PeriodicJob {
  return createPeriodicJob({
    name: 'blog view keys purge',
    run: async () => {
      await blogPosts.purgeViewsBefore(viewDay(clock() - VIEW_DAYS_KEPT * DAY_MS));
    },
    nextDelayMs: () => DAY_MS,
    clock,
    log,
  });
}

export function createBlogViewCounter({
  serverKeys,
  blogPosts,
  clock,
}: {
  serverKeys: ServerKeyStore;
  blogPosts: Pick<BlogPostRepository, 'recordViewOfPublished'>;
  clock: () => number;
}): BlogViewCounter {
  const currentSecret = serverSecret(serverKeys, VIEW_KEY_ROW_ID);

  const record = async (slug: string, ip: string, userAgent: string | undefined) => {
    if (isKnownBot(userAgent)) return;
    const day = viewDay(clock());
    await blogPosts.recordViewOfPublished(slug, visitorKey(ip, userAgent, day, await currentSecret()), day);
  };

  return {
    record,
    async recordPageView(slug, request) {
      if (request.method !== 'GET') return;
      await record(slug, request.ip, request.headers['user-agent']).catch((error) => {
        request.log.warn({ err: error }, 'a blog view could not be counted');
      });
    },
  };
}
