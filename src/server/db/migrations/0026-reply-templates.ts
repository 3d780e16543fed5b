import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.ts';

/** The team's reply templates (decision 078). */
export async function replyTemplates(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  await db.schema
    .createTable('reply_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // `en` or `hi`: the language of the inquiries it answers.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
}
