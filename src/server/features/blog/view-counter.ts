import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../db/values.ts';
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
  // Created by the first instance that needs it; a concurrent first start keeps whichever row won.
  const loadSecret = async (): Promise<string> => {
    await db
      .insertInto('siteSettings')
      .values({
        id: VIEW_KEY_ROW_ID,
        settings: randomBytes(32).toString('base64url'),
        updatedAt: nowIso(clock),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    const row = await db
      .selectFrom('siteSettings')
      .select('settings')
      .where('id', '=', VIEW_KEY_ROW_ID)
      .executeTakeFirstOrThrow();
    return row.settings;
  };
  let secret: Promise<string> | undefined;
  const currentSecret = () => {
    if (!secret) {
      const loading = loadSecret();
      secret = loading;
      loading.catch(() => {
        if (secret === loading) secret = undefined;
      });
    }
    return secret;
  };

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
