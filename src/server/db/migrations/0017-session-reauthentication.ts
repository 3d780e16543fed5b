import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.ts';

/**
 * When a session last proved who is behind it, by a password or a second factor (decision 049): a sensitive
 * change needs that to be recent. Sessions started before this migration have none, so their first sensitive
 * change asks.
 */
export async function sessionReauthentication(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema.alterTable('admin_sessions').addColumn('reauthenticated_at', timestamp).execute();
}
