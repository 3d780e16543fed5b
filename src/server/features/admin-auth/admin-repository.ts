import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/rules/roles.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';

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

/** The second factor as stored: a secret alone is one being set up; on once `enabledAt` is set. */
export interface TwoFactorRecord {
  secret: string | null;
  enabledAt: string | null;
  /** The recovery codes' hashes and the last time step used, as JSON (schema.ts). */
  state: string | null;
}

/** What an admin is told at sign-in about the time since the previous one. */
export interface SignInRecord {
  /** The previous sign-in, or null for the first. */
  previousAt: string | null;
  /** Wrong passwords tried on the account since then. */
  failedAttempts: number;
}

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
      await trx
        .insertInto('admins')
        .values({
          id,
          email,
          passwordHash,
          name,
          role,
          passwordToChange: passwordToChange ? 1 : 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
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

    async twoFactor(id: string, trx: Executor = db): Promise<TwoFactorRecord | undefined> {
      const row = await trx
        .selectFrom('admins')
        .select(['totpSecret', 'totpEnabledAt', 'totpRecoveryCodes'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        secret: row.totpSecret,
        enabledAt: row.totpEnabledAt === null ? null : toIso(row.totpEnabledAt),
        state: row.totpRecoveryCodes,
      };
    },

    /** Keeps a new secret while the factor is off (replacing one being set up); false when it is on. */
    async setPendingTwoFactorSecret(id: string, secret: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('admins')
        .set({ totpSecret: secret, totpRecoveryCodes: null, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('totpEnabledAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Turns the factor on with the secret being set up; false when that secret is no longer the one. */
    async enableTwoFactor(
      id: string,
      change: { secret: string; state: string; at: string },
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('admins')
        .set({ totpEnabledAt: change.at, totpRecoveryCodes: change.state, updatedAt: change.at })
        .where('id', '=', id)
        .where('totpSecret', '=', change.secret)
        .where('totpEnabledAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Compare-and-set of the factor's state: written only if it is still `previous`, so of two requests
     * that read the same state (the same code sent twice at once) one wins and the other must read again.
     */
    async replaceTwoFactorState(
      id: string,
      previous: string,
      next: string,
      trx: Executor = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('admins')
        .set({ totpRecoveryCodes: next })
        .where('id', '=', id)
        .where('totpEnabledAt', 'is not', null)
        .where('totpRecoveryCodes', '=', previous)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Turns the factor off and forgets its secret and recovery codes; false for an unknown id. */
    async clearTwoFactor(id: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('admins')
        .set({ totpSecret: null, totpEnabledAt: null, totpRecoveryCodes: null, updatedAt: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
