import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/values.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import type { BlogPostRepository } from './repository.ts';

/**
 * How often each instance looks for posts whose time has come. A post appears within this (plus the 1 s
 * that rendered pages are kept) after its scheduled time; the query is one indexed UPDATE that usually
 * changes nothing.
 */
const SCHEDULED_PUBLISHING_SWEEP_MS = 15_000;

/**
 * Publishes scheduled drafts when their time comes: a sweep at start (what came due while the app was down),
 * then every `sweepMs`; a sweep resolves with how many posts this instance published. Every instance sweeps;
 * the database decides which one publishes each post (see publishDue), so a post is published once however
 * many instances run. A failed sweep (the database away) loses nothing: the next one publishes what is due.
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
}): PeriodicJob<number> {
  return createPeriodicJob({
    name: 'scheduled publishing',
    run: async () => {
      const published = await blogPosts.publishDue(nowIso(clock));
      if (published.length > 0) publicContent.changed();
      for (const post of published)
        log.info(
          { postId: post.id, slug: post.slug, publishedAt: post.publishedAt },
          'scheduled post published',
        );
      return published.length;
    },
    nextDelayMs: () => sweepMs,
    clock,
    log,
  });
}
