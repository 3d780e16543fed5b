import { type Kysely, sql } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/**
 * Integrations (issue 21): personal API tokens, webhook endpoints with their deliveries, and an ordering key
 * on outbox entries so that the events of one inquiry go out in the order they happened (decision 041).
 */
export async function integrations(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  // A back-office user's token for scripts and automations. Only the SHA-256 of the token is kept.
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // A role no higher than the owner's (src/shared/rules/roles.ts), and `read` or `read-write`.
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('last_used_at', timestamp)
    .execute();
  await createIndex(db, 'api_tokens_admin_id', 'api_tokens', ['admin_id']);

  // An address that is told of events: its secret signs every delivery.
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of event names (src/shared/rules/webhooks.ts).
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    // 0/1; turned off by an administrator or after a day of failed deliveries.
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    // The first failed delivery since the last one that succeeded: a day of failures disables the endpoint.
    .addColumn('failing_since', timestamp)
    .addColumn('created_by', 'text', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  // One event for one endpoint: the delivery log. The outbox entry `webhook` points at it.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event', 'text', (c) => c.notNull())
    // The JSON body as sent, the same on every attempt and redelivery.
    .addColumn('body', 'text', (c) => c.notNull())
    // `pending`, `delivered` or `failed`.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_attempt_at', timestamp)
    .execute();
  await createIndex(db, 'webhook_deliveries_endpoint_id_created_at', 'webhook_deliveries', [
    'endpoint_id',
    'created_at',
  ]);

  // Entries with the same key are handled one after another, in the order of their ids (time-ordered):
  // a later one waits while an earlier one is pending. Null: no order to keep.
  await db.schema.alterTable('notification_outbox').addColumn('ordering_key', 'text').execute();
  await db.schema
    .createIndex('notification_outbox_ordering_key')
    .on('notification_outbox')
    .columns(['ordering_key', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
