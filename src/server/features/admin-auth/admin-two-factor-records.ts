import type { Kysely } from 'kysely';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso, toIso } from '../../db/values.ts';

/** The second factor as stored: a secret alone is one being set up; on once `enabledAt` is set. */
export interface TwoFactorRecord {
  secret: string | null;
  enabledAt: string | null;
  /** The recovery codes' hashes and the last time step used, as JSON (schema.ts). */
  state: string | null;
}

/** The admin repository's second factor: its secret, its state and when it was turned on (the `totp_*` columns). */
export function createAdminTwoFactorRecords(db: Kysely<DB>) {
  return {
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
