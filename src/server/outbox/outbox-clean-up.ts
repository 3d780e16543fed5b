import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Done entries are kept this long (Settings shows what failed), then deleted. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;
const CLEAN_UP_EVERY_MS = 60 * 60_000;

/**
 * The outbox's clean-up, run after each drain: deletes the entries done more than KEEP_SENT_MS ago and those
 * given up more than KEEP_FAILED_MS ago, at most once per CLEAN_UP_EVERY_MS.
 */
export function createOutboxCleanUp(db: Kysely<DB>, clock: () => number): () => Promise<void> {
  let lastCleanUp = 0;
  return async () => {
    const now = clock();
    if (now - lastCleanUp < CLEAN_UP_EVERY_MS) return;
    lastCleanUp = now;
    await db
      .deleteFrom('notificationOutbox')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'sent'),
            eb('finishedAt', '<', new Date(now - KEEP_SENT_MS).toISOString()),
          ]),
          eb.and([
            eb('status', '=', 'failed'),
            eb('finishedAt', '<', new Date(now - KEEP_FAILED_MS).toISOString()),
          ]),
        ]),
      )
      .execute();
  };
}
