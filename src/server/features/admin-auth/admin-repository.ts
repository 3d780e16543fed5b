import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso } from '../../db/values.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export interface AdminRecord {
  id: string;
  email: string;
  passwordHash: string;
}

export function createAdminRepository(db: Kysely<DB>) {
  return {
    async count(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    findByEmail(email: string, trx: Executor = db): Promise<AdminRecord | undefined> {
      return trx
        .selectFrom('admins')
        .select(['id', 'email', 'passwordHash'])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    findById(id: string, trx: Executor = db): Promise<AdminRecord | undefined> {
      return trx
        .selectFrom('admins')
        .select(['id', 'email', 'passwordHash'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async create(
      email: string,
      passwordHash: string,
      trx: Executor = db,
    ): Promise<{ id: string; email: string }> {
      const now = nowIso();
      const id = newId();
      await trx
        .insertInto('admins')
        .values({ id, email, passwordHash, createdAt: now, updatedAt: now })
        .execute();
      return { id, email };
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
