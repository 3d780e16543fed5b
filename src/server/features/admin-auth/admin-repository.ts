import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/rules/roles.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';
import { insertAccount } from './accounts.ts';
import { createAdminTwoFactorRecords } from './admin-two-factor-records.ts';

export interface AdminRecord {
  id: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  passwordHash: string;
  /** When two-factor sign-in was turned on, or null while it is off. */
  twoFactorEnabledAt: string | null;
}

/** What an admin is told at sign-in about the time since the previous one. */
export interface SignInRecord {
  /** The previous sign-in, or null for the first. */
  previousAt: string | null;
  /** Wrong passwords tried on the account since then. */
  failedAttempts: number;
}

/**
 * The back office's users as signing in sees them: accounts, passwords and sign-ins here, the second factor's
 * columns in admin-two-factor-records.ts.
 */
export function createAdminRepository(db: Kysely<DB>) {
  const findBy = async (
    column: 'id' | 'email',
    value: string,
    trx: Executor,
  ): Promise<AdminRecord | undefined> => {
    const row = await trx
      .selectFrom('admins')
      .select(['id', 'email', 'name', 'role', 'disabledAt', 'passwordHash', 'totpEnabledAt'])
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    const { disabledAt, totpEnabledAt, ...admin } = row;
    return {
      ...admin,
      disabled: disabledAt !== null,
      twoFactorEnabledAt: totpEnabledAt === null ? null : toIso(totpEnabledAt),
    };
  };

  return {
    async count(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    findByEmail(email: string, trx: Executor = db): Promise<AdminRecord | undefined> {
      return findBy('email', email, trx);
    },

    /** The first admin created, normally the site's owner. */
    oldest(trx: Executor = db): Promise<{ id: string; email: string } | undefined> {
      return trx
        .selectFrom('admins')
        .select(['id', 'email'])
        .orderBy('createdAt')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    findById(id: string, trx: Executor = db): Promise<AdminRecord | undefined> {
      return findBy('id', id, trx);
    },

    /** `passwordToChange`: the password was generated or typed for the user, who is asked to choose their own. */
    async create(
      input: { email: string; passwordHash: string; name: string; role?: Role; passwordToChange?: boolean },
      trx: Executor = db,
    ): Promise<{ id: string; email: string }> {
      const now = nowIso();
      const id = newId();
      const { email, passwordHash, name, role = 'administrator', passwordToChange = false } = input;
      await insertAccount(trx, { id, email, passwordHash, name, role, passwordToChange, createdAt: now });
      return { id, email };
    },

    async recordFailedSignIn(id: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('admins')
        .set((eb) => ({ failedSignIns: eb('failedSignIns', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** Records a sign-in at `at` and returns what happened since the previous one. */
    recordSignIn(id: string, at: string): Promise<SignInRecord> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('admins')
          .select(['lastSignInAt', 'failedSignIns'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        // Subtracting what was read, rather than setting 0, keeps a failure counted meanwhile for next time.
        await trx
          .updateTable('admins')
          .set((eb) => ({ lastSignInAt: at, failedSignIns: eb('failedSignIns', '-', row.failedSignIns) }))
          .where('id', '=', id)
          .execute();
        return {
          previousAt: row.lastSignInAt === null ? null : toIso(row.lastSignInAt),
          failedAttempts: row.failedSignIns,
        };
      });
    },

    /** The user's own new password: nothing is suggested any more. */
    async updatePassword(id: string, passwordHash: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('admins')
        .set({ passwordHash, passwordToChange: 0, updatedAt: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    /** Whether the user's password is one someone else chose, which they are asked to change. */
    async passwordToChange(id: string, trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('admins')
        .select('passwordToChange')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.passwordToChange === 1;
    },

    ...createAdminTwoFactorRecords(db),
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
