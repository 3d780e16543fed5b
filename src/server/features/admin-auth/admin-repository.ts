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
      .select(['id', 'email', 'name', 'role', 'disabledAt', 'passwordHash'])
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    const { disabledAt, ...admin } = row;
    return { ...admin, disabled: disabledAt !== null };
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

    async create(
      input: { email: string; passwordHash: string; name: string; role?: Role },
      trx: Executor = db,
    ): Promise<{ id: string; email: string }> {
      const now = nowIso();
      const id = newId();
      const { email, passwordHash, name, role = 'administrator' } = input;
      await trx
        .insertInto('admins')
        .values({ id, email, passwordHash, name, role, createdAt: now, updatedAt: now })
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

    async updatePassword(id: string, passwordHash: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('admins')
        .set({ passwordHash, updatedAt: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
