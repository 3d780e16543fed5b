import type { Kysely } from 'kysely';

/**
 * The owner's own texts in Hindi (issue 20): a contact channel's description for Hindi pages, and whether the
 * description shows on the contact page's card at all. The business hours' Hindi texts live in the settings'
 * JSON and need no column.
 */
export async function hindiOwnerTexts(db: Kysely<unknown>) {
  // Empty: Hindi pages show the English description.
  await db.schema
    .alterTable('contact_channels')
    .addColumn('proof_hi', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // 0/1. Off for every existing channel: their descriptions were written as notes for the admin list.
  await db.schema
    .alterTable('contact_channels')
    .addColumn('show_proof', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
