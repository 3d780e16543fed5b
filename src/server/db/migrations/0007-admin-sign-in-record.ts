import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { timestampType } from './timestamp-type.ts';

/** What an admin is told at sign-in (decision 013). */
export function adminSignInRecord(dialect: Dialect): Migration {
  const timestamp = timestampType(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // What an admin is told at sign-in: when they last signed in, and how many wrong passwords were
      // tried on their account since.
      await db.schema.alterTable('admins').addColumn('last_sign_in_at', timestamp).execute();
      await db.schema
        .alterTable('admins')
        .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
