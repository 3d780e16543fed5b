import type { Kysely } from 'kysely';

/**
 * The language of the page an inquiry was sent from (`en` or `hi`), so that the reply offered to the team
 * (the WhatsApp greeting in the inbox and in the notification email) is in the visitor's language (issue
 * 36). Inquiries sent before were all answered in English: they keep `en`.
 */
export async function inquiryLanguage(db: Kysely<unknown>) {
  await db.schema
    .alterTable('contact_inquiries')
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
    .execute();
}
