import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { toFlag, toIso } from '../../db/values.ts';

/*
 * The back office's users as other features read and change them: the team (its list and guarded changes),
 * API tokens and push devices (their owner), the inbox (assignees) and notifications (addresses). This
 * feature owns the `admins` table; each of them declares the few of these functions it uses as a port, and
 * app.ts passes this object in.
 */

/**
 * A new user's row; `passwordToChange`: the password was chosen for them, and they are asked to change it.
 */
type NewAccount = Pick<Insertable<DB['admins']>, 'id' | 'email' | 'name' | 'role' | 'passwordHash'> & {
  passwordToChange: boolean;
  createdAt: string;
};

/** What a change of a user may set; the columns left out keep their values. */
type AccountChanges = Pick<Updateable<DB['admins']>, 'name' | 'role' | 'disabledAt' | 'passwordHash'> & {
  passwordToChange?: boolean;
  updatedAt: string;
};

const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'disabledAt',
  'passwordHash',
  'totpEnabledAt',
  'lastSignInAt',
  'createdAt',
] as const;

const isoOrNull = (value: string | Date | null) => (value === null ? null : toIso(value));

/** A user as the team and an API token's owner read them: times as ISO strings. */
function toAccount(row: Pick<Selectable<DB['admins']>, (typeof ACCOUNT_COLUMNS)[number]>) {
  return {
    ...row,
    disabledAt: isoOrNull(row.disabledAt),
    totpEnabledAt: isoOrNull(row.totpEnabledAt),
    lastSignInAt: isoOrNull(row.lastSignInAt),
    createdAt: toIso(row.createdAt),
  };
}

/** Adds a user's row with `executor` (the admin repository's create and the team's add it the same way). */
export async function insertAccount(executor: Executor, account: NewAccount): Promise<void> {
  const { passwordToChange, createdAt, ...columns } = account;
  await executor
    .insertInto('admins')
    .values({ ...columns, passwordToChange: toFlag(passwordToChange), createdAt, updatedAt: createdAt })
    .execute();
}

/**
 * The functions other features read users with. On PostgreSQL a lock holds the rows until the transaction
 * ends; SQLite runs one write transaction at a time, so it needs none.
 */
export function createAccounts(db: Kysely<DB>, dialect: Dialect) {
  const locks = dialect === 'postgres';
  return {
    /** The user with this id; `forUpdate` locks their row, as every change of a user does first. */
    async find(id: string, executor: Executor = db, { forUpdate = false }: { forUpdate?: boolean } = {}) {
      const row = await executor
        .selectFrom('admins')
        .select(ACCOUNT_COLUMNS)
        .where('id', '=', id)
        .$if(forUpdate && locks, (query) => query.forUpdate())
        .executeTakeFirst();
      return row && toAccount(row);
    },

    /** Every user, in no particular order. */
    async list() {
      const rows = await db.selectFrom('admins').select(ACCOUNT_COLUMNS).execute();
      return rows.map(toAccount);
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
      return row !== undefined;
    },

    /** Locks the user's row until `trx` ends, so that what is counted per user is counted one at a time. */
    async lock(id: string, trx: Transaction<DB>): Promise<void> {
      await trx
        .selectFrom('admins')
        .select('id')
        .where('id', '=', id)
        .$if(locks, (query) => query.forUpdate())
        .execute();
    },

    /**
     * The ids of the active administrators (not disabled, with a usable password), their rows locked in id
     * order, so that two transactions that lock them never deadlock.
     */
    async lockActiveAdministrators(trx: Transaction<DB>): Promise<string[]> {
      const rows = await trx
        .selectFrom('admins')
        .select('id')
        .where('role', '=', 'administrator')
        .where('disabledAt', 'is', null)
        .where('passwordHash', 'not like', '!%')
        .orderBy('id')
        .$if(locks, (query) => query.forUpdate())
        .execute();
      return rows.map((row) => row.id);
    },

    insert: (account: NewAccount, executor: Executor = db) => insertAccount(executor, account),

    /** Changes a user; `unlessDisabled` leaves a disabled one as it is. False when no row changed. */
    async update(
      id: string,
      changes: AccountChanges,
      executor: Executor = db,
      { unlessDisabled = false }: { unlessDisabled?: boolean } = {},
    ): Promise<boolean> {
      const { passwordToChange, ...columns } = changes;
      const result = await executor
        .updateTable('admins')
        .set({
          ...columns,
          ...(passwordToChange === undefined ? {} : { passwordToChange: toFlag(passwordToChange) }),
        })
        .where('id', '=', id)
        .$if(unlessDisabled, (query) => query.where('disabledAt', 'is', null))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes a user; their sessions, push subscriptions and invitations go with them (foreign keys). */
    async delete(id: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('admins').where('id', '=', id).execute();
    },

    /** The name and email of each of these users that still exists. */
    async namesOf(
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<Map<string, { name: string; email: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .selectFrom('admins')
        .select(['id', 'name', 'email'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map(({ id, name, email }) => [id, { name, email }]));
    },

    /** The active users with one of `roles` (only the one of `id` when given), by name then email. */
    activeWithRoles(
      roles: readonly string[],
      executor: Executor = db,
      id?: string,
    ): Promise<{ id: string; name: string; email: string }[]> {
      return executor
        .selectFrom('admins')
        .select(['id', 'name', 'email'])
        .where('disabledAt', 'is', null)
        .where('role', 'in', [...roles])
        .$if(id !== undefined, (query) => query.where('id', '=', id!))
        .orderBy('name')
        .orderBy('email')
        .execute();
    },
  };
}
