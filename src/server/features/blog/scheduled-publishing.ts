import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/values.ts';
import type { PublicContent } from '../../plugins/public-content.ts';
import type { BlogPostRepository } from './repository.ts';

/**
 * How often each instance looks for posts whose time has come. A post appears within this (plus the 1 s
 * that rendered pages are kept) after its scheduled time; the query is one indexed UPDATE that usually
 * changes nothing.
 */
const SCHEDULED_PUBLISHING_SWEEP_MS = 15_000;

export interface ScheduledPublishing {
  /** Publishes the posts due now; resolves with how many this instance published. */
  sweep(): Promise<number>;
  /** Sweeps now (what came due while the app was down), then every `sweepMs`, until stop(). */
  start(): Promise<void>;
  /** Stops sweeping; resolves when a sweep under way has finished. */
  stop(): Promise<void>;
}

/**
 * Publishes scheduled drafts when their time comes. Every instance sweeps; the database decides which one
 * publishes each post (see publishDue), so a post is published once however many instances run, and a
 * restart publishes what came due while the app was down.
 */
export function createScheduledPublishing({
  blogPosts,
  publicContent,
  clock,
  log,
  sweepMs = SCHEDULED_PUBLISHING_SWEEP_MS,
}: {
  blogPosts: Pick<BlogPostRepository, 'publishDue'>;
  publicContent: Pick<PublicContent, 'changed'>;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  sweepMs?: number;
}): ScheduledPublishing {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  // Sweeps run one after the other: a sweep asked for while one runs looks again, at its own time.
  let lastSweep: Promise<unknown> = Promise.resolve();

  const publish = async () => {
    const published = await blogPosts.publishDue(nowIso(clock));
    if (published.length > 0) publicContent.changed();
    for (const post of published)
      log.info(
        { postId: post.id, slug: post.slug, publishedAt: post.publishedAt },
        'scheduled post published',
      );
    return published.length;
  };

  const sweep = (): Promise<number> => {
    const next = lastSweep.then(publish);
    lastSweep = next.catch(() => {});
    return next;
  };

  const tick = async () => {
    try {
      await sweep();
    } catch (error) {
      // The database is away: the next sweep tries again, and nothing due is lost meanwhile.
      log.warn({ err: error }, 'scheduled posts could not be published; trying again at the next sweep');
    }
    if (!running) return;
    timer = setTimeout(() => void tick(), sweepMs);
    timer.unref();
  };

  return {
    sweep,
    async start() {
      if (running) return;
      running = true;
      await tick();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await lastSweep;
    },
  };
}
