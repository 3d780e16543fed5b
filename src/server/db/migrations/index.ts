import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Migrations are code, bundled with the server (no directory scan), and written once for both
 * dialects: only column types differ. Append new ones; never edit one that has shipped.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;

  return {
    '0001_admins_and_contact_channels': {
      async up(db: Kysely<unknown>) {
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
        await db.schema
          .createIndex('admin_sessions_admin_id')
          .on('admin_sessions')
          .column('admin_id')
          .execute();

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
        await db.schema
          .createIndex('contact_channels_active_position')
          .on('contact_channels')
          .columns(['is_active', 'position'])
          .execute();
      },
    },

    '0002_site_settings_and_contact_inquiries': {
      async up(db: Kysely<unknown>) {
        // One row (id 'site'): the settings as JSON text, read merged over the defaults, so a setting
        // added by a later version needs no migration.
        await db.schema
          .createTable('site_settings')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('settings', 'text', (c) => c.notNull())
          .addColumn('updated_at', timestamp, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('contact_inquiries')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('city', 'text', (c) => c.notNull())
          .addColumn('query', 'text', (c) => c.notNull())
          .addColumn('service', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
          .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .addColumn('updated_at', timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('contact_inquiries_created_at')
          .on('contact_inquiries')
          .column('created_at')
          .execute();
      },
    },
  };
}
