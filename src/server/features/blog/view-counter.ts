import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { serverSecret } from '../../lib/server-secret.ts';
import type { BlogPostRepository } from './repository.ts';
import { isKnownBot, viewDay, visitorKey } from './views.ts';

/** The row of site_settings holding the key that visitor keys are made with: one for every instance. */
const VIEW_KEY_ROW_ID = 'blog-view-key';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Who viewed is kept for today and the two days before (time zones, clocks a little apart), then forgotten. */
const VIEW_DAYS_KEPT = 2;

export interface BlogViewCounter {
  /** Counts a visitor's view of the published post at this slug (once per visitor, post and day). */
  record(slug: string, ip: string, userAgent: string | undefined): Promise<void>;
  /** Forgets old visitor keys now and then daily, until stop(). */
  start(): Promise<void>;
  stop(): void;
}

export function createBlogViewCounter({
  db,
  blogPosts,
  clock,
  log,
}: {
  db: Kysely<DB>;
  blogPosts: BlogPostRepository;
  clock: () => number;
  log: FastifyBaseLogger;
}): BlogViewCounter {
  const currentSecret = serverSecret(db, VIEW_KEY_ROW_ID, clock);

  const purge = async () => {
    try {
      await blogPosts.purgeViewsBefore(viewDay(clock() - VIEW_DAYS_KEPT * DAY_MS));
    } catch (error) {
      log.warn({ err: error }, 'old blog view keys could not be purged');
    }
  };
  let timer: NodeJS.Timeout | undefined;

  return {
    async record(slug, ip, userAgent) {
      if (isKnownBot(userAgent)) return;
      const day = viewDay(clock());
      await blogPosts.recordViewOfPublished(slug, visitorKey(ip, userAgent, day, await currentSecret()), day);
    },
    async start() {
      if (timer) return;
      timer = setInterval(() => void purge(), DAY_MS);
      timer.unref();
      await purge();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
