import type { Kysely } from 'kysely';

/**
 * Whether the user's password was chosen by someone else — generated at the first start, by the `admin` command
 * or by an administrator adding them, or typed by that administrator — so that the back office suggests choosing
 * their own until they do. Accounts from before kept whatever they had: nothing is suggested to them.
 */
export async function passwordToChange(db: Kysely<unknown>) {
  await db.schema
    .alterTable('admins')
    .addColumn('password_to_change', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}
