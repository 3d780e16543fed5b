import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * Counter posters (decision 077): each a printable QR code with its own source tag, and the visits and channel
 * taps it brought, per business day, counted without cookies or addresses.
 */
export async function posters(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema
    .createTable('posters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull().unique())
    // The channel the QR code leads to, or null for the contact page. A deleted channel's poster still
    // prints; its link then sends visitors to the contact page (decision 035).
    .addColumn('channel_id', 'text')
    // `en` or `hi`; `A4` or `A5`.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('poster_counts')
    .addColumn('poster_id', 'text', (c) => c.notNull().references('posters.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    // Page views that came with the poster's tag, and taps on a channel link that carried it.
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('taps', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('poster_counts_pk', ['poster_id', 'day'])
    .execute();
  await createIndex(db, 'poster_counts_day', 'poster_counts', ['day']);
}
