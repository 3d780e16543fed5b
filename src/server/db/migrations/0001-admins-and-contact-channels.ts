import type { Kysely } from 'kysely';
import { createIndex, type MigrationContext } from './migration-context.ts';

/** Admins and their sessions, and the contact channels the public site lists. */
export async function adminsAndContactChannels(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_sessions_admin_id').on('admin_sessions').column('admin_id').execute();

  await db.schema
    .createTable('contact_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('proof', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'contact_channels_active_position', 'contact_channels', ['is_active', 'position']);
}
