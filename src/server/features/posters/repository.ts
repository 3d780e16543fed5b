import type { Kysely, Selectable } from 'kysely';
import type { PosterInput } from '../../../shared/contracts/posters.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import type { PosterSize } from '../../../shared/rules/posters.ts';
import { isUniqueViolation } from '../../db/repository-support.ts';
import type { DB, PosterTable } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';

/** A poster as stored, without the address its QR code holds (that depends on the site's origin). */
export interface StoredPoster {
  id: string;
  name: string;
  tag: string;
  channelId: string | null;
  language: Locale;
  size: PosterSize;
  createdAt: string;
}

/** What a poster brought in a period. */
export interface PosterTotal {
  posterId: string;
  visits: number;
  taps: number;
}

/** Another poster has the tag. */
export class TagTakenError extends Error {}

const toPoster = (row: Selectable<PosterTable>): StoredPoster => ({
  ...row,
  language: row.language as Locale,
  size: row.size as PosterSize,
  createdAt: toIso(row.createdAt),
});

/** The counter posters and their daily counts (decision 077): `posters` and `poster_counts` are this feature's. */
export function createPosterRepository(db: Kysely<DB>, clock: () => number) {
  const rethrowTaken = (error: unknown): never => {
    throw isUniqueViolation(error) ? new TagTakenError() : error;
  };
  return {
    async list(): Promise<StoredPoster[]> {
      const rows = await db.selectFrom('posters').selectAll().orderBy('createdAt').orderBy('id').execute();
      return rows.map(toPoster);
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom('posters')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async find(id: string): Promise<StoredPoster | undefined> {
      const row = await db.selectFrom('posters').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toPoster(row);
    },

    /** Each poster's id by its tag. */
    async idsByTag(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('posters').select(['id', 'tag']).execute();
      return new Map(rows.map((row) => [row.tag, row.id]));
    },

    async create(input: PosterInput): Promise<StoredPoster> {
      const row = { id: newId(), ...input, createdAt: nowIso(clock) };
      await db.insertInto('posters').values(row).execute().catch(rethrowTaken);
      return toPoster(row);
    },

    async update(id: string, input: PosterInput): Promise<StoredPoster | undefined> {
      const row = await db
        .updateTable('posters')
        .set(input)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
        .catch(rethrowTaken);
      return row && toPoster(row);
    },

    /** Deletes the poster and what it counted; false when there was none. */
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('posters').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Adds a poster's visits or taps on a day (one statement, no read first; a deleted poster's are dropped). */
    async add(posterId: string, kind: 'visits' | 'taps', day: string, count: number): Promise<void> {
      const other = kind === 'visits' ? 'taps' : 'visits';
      await db
        .insertInto('posterCounts')
        .columns(['posterId', 'day', kind, other])
        .expression((eb) =>
          eb
            .selectFrom('posters')
            .select((inner) => [
              'id',
              inner.val(day).as('day'),
              inner.val(count).as(kind),
              inner.val(0).as(other),
            ])
            .where('id', '=', posterId),
        )
        .onConflict((oc) =>
          oc
            .columns(['posterId', 'day'])
            .doUpdateSet((eb) =>
              kind === 'visits'
                ? { visits: eb('posterCounts.visits', '+', count) }
                : { taps: eb('posterCounts.taps', '+', count) },
            ),
        )
        .execute();
    },

    /** What each poster brought from `fromDay` to `toDay` (inclusive); posters with nothing are left out. */
    async totalsBetween(fromDay: string, toDay: string): Promise<PosterTotal[]> {
      const rows = await db
        .selectFrom('posterCounts')
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy('posterId')
        .select((eb) => [
          'posterId',
          eb.fn.sum<number | string>('visits').as('visits'),
          eb.fn.sum<number | string>('taps').as('taps'),
        ])
        .execute();
      return rows.map((row) => ({
        posterId: row.posterId,
        visits: Number(row.visits),
        taps: Number(row.taps),
      }));
    },
  };
}
export type PosterRepository = ReturnType<typeof createPosterRepository>;
