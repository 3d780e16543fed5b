import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Clicks on the contact channels' links, one row per channel and day (YYYY-MM-DD, the business's day). */
export function createChannelClickRepository(db: Kysely<DB>) {
  return {
    /** Clicks on a channel on a day; concurrent adds all count (one statement, no read first). */
    async add(channelId: string, day: string, clicks = 1): Promise<void> {
      await db
        .insertInto('channelClicks')
        .values({ channelId, day, clicks })
        .onConflict((oc) =>
          oc
            .columns(['channelId', 'day'])
            // Qualified: PostgreSQL finds a bare `clicks` ambiguous between the row and `excluded`.
            .doUpdateSet((eb) => ({ clicks: eb('channelClicks.clicks', '+', clicks) })),
        )
        .execute();
    },

    /** The clicks of each channel clicked from `fromDay` to `toDay` (inclusive), by channel id. */
    async totalsBetween(fromDay: string, toDay: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('channelClicks')
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy('channelId')
        .select((eb) => ['channelId', eb.fn.sum<number | string>('clicks').as('clicks')])
        .execute();
      return new Map(rows.map((row) => [row.channelId, Number(row.clicks)]));
    },

    /** Forgets every click counted so far. */
    async reset(): Promise<void> {
      await db.deleteFrom('channelClicks').execute();
    },
  };
}
