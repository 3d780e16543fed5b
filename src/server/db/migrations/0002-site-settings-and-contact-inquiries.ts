import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.ts';

/** The site's settings and the contact form's inquiries. */
export async function siteSettingsAndContactInquiries(db: Kysely<unknown>, { timestamp }: MigrationContext) {
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
}
