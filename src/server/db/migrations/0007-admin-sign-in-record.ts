import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.ts';

/** What an admin is told at sign-in (decision 013). */
export async function adminSignInRecord(db: Kysely<unknown>, { timestamp }: MigrationContext) {
  // What an admin is told at sign-in: when they last signed in, and how many wrong passwords were
  // tried on their account since.
  await db.schema.alterTable('admins').addColumn('last_sign_in_at', timestamp).execute();
  await db.schema
    .alterTable('admins')
    .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
