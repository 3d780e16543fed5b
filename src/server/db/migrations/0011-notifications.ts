import { type Kysely, sql } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * Notifications of new inquiries (decision 031): the outbox a worker sends from, each back-office user's
 * preferences, and the devices that asked for push.
 */
export async function notifications(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  // One row per thing to do: an event to fan out (`inquiry.created`), or one delivery (an email to one
  // user, a push to one device). Written in the transaction of what caused it; kept after it is done
  // (`sent`) or given up (`failed`) for a while, so Settings can show what failed and why.
  await db.schema
    .createTable('notification_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  // The worker's question: what is due now, oldest first.
  await db.schema
    .createIndex('notification_outbox_due')
    .on('notification_outbox')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // Settings' list of what was given up, and the clean-up of what is done.
  await createIndex(db, 'notification_outbox_status_finished_at', 'notification_outbox', [
    'status',
    'finished_at',
  ]);

  // Each user's choices; email on by default, the digest off until asked for.
  await db.schema
    .alterTable('admins')
    .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('admins')
    .addColumn('digest_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The hour (0–23, in the business's time zone) the digest is sent at.
  await db.schema
    .alterTable('admins')
    .addColumn('digest_hour', 'integer', (c) => c.notNull().defaultTo(9))
    .execute();
  // The digest lists inquiries still unread this many hours after they arrived.
  await db.schema
    .alterTable('admins')
    .addColumn('digest_unread_hours', 'integer', (c) => c.notNull().defaultTo(12))
    .execute();
  // The business's date (YYYY-MM-DD) of the last digest taken for sending: one a day, on every instance.
  await db.schema.alterTable('admins').addColumn('digest_sent_on', 'text').execute();

  // A browser that asked for push (one per device and user): the Push API's endpoint and keys.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_sent_at', timestamp)
    .execute();
  await createIndex(db, 'push_subscriptions_admin_id', 'push_subscriptions', ['admin_id']);
}
