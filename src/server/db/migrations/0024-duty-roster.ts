import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * Who is on duty (decision 076): a team member's own WhatsApp and call numbers, their weekly duty hours and
 * whether they have set themselves away, and the share of visitors an administrator gives them. The public
 * WhatsApp and call links route to a member on duty; the numbers never reach a page.
 */
export async function dutyRoster(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema
    .createTable('duty_members')
    .addColumn('admin_id', 'text', (c) => c.primaryKey().references('admins.id').onDelete('cascade'))
    // E.164, or empty for none.
    .addColumn('whatsapp', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    // JSON: seven days, Monday first, each a list of { opens, closes } (as the opening hours' week).
    .addColumn('week', 'text', (c) => c.notNull())
    // 0/1.
    .addColumn('away', 'integer', (c) => c.notNull())
    // 1–10: a member with weight 2 gets twice the visitors of one with 1.
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  // Visitors sent to a member, per channel and business day (the dashboard's periods).
  await db.schema
    .createTable('duty_clicks')
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    // `whatsapp` or `phone`.
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('duty_clicks_pk', ['admin_id', 'channel', 'day'])
    .execute();
  await createIndex(db, 'duty_clicks_day', 'duty_clicks', ['day']);
}
