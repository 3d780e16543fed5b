import type { Kysely, Transaction } from 'kysely';
import type { ApiToken } from '../../../shared/contracts/api-tokens.ts';
import type { ApiTokenAccess } from '../../../shared/rules/api-tokens.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import type { DB } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';

/** A token found by its hash, with what its owner is now (role, disabled, two-factor). */
export interface ApiTokenRecord {
  id: string;
  name: string;
  role: string;
  access: string;
  expiresAt: string;
  lastUsedAt: string | null;
  adminId: string;
  email: string;
  ownerName: string;
  ownerRole: string;
  ownerDisabled: boolean;
  ownerTwoFactorEnabled: boolean;
}

export interface NewApiToken {
  id: string;
  adminId: string;
  name: string;
  tokenHash: string;
  role: Role;
  access: ApiTokenAccess;
  createdAt: string;
  expiresAt: string;
}

/** What a token's owner is now: a disabled owner's tokens stop working, and their role bounds the token's. */
interface TokenOwner {
  email: string;
  name: string;
  role: string;
  disabledAt: string | null;
  totpEnabledAt: string | null;
}

/** The tokens' owners: the admin-auth feature's accounts, passed in by app.ts. */
export interface TokenOwners {
  /** Locks the owner's row until `trx` ends (PostgreSQL; SQLite runs one write transaction at a time). */
  lock(id: string, trx: Transaction<DB>): Promise<void>;
  find(id: string): Promise<TokenOwner | undefined>;
}

/** The `api_tokens` table: a user's tokens (by the hash of the token, never the token). */
export function createApiTokenRepository(db: Kysely<DB>, owners: TokenOwners) {
  const toApiToken = (row: {
    id: string;
    name: string;
    role: string;
    access: string;
    createdAt: string | Date;
    expiresAt: string | Date;
    lastUsedAt: string | Date | null;
  }): ApiToken => ({
    _id: row.id,
    name: row.name,
    role: row.role as Role,
    access: row.access as ApiTokenAccess,
    createdAt: toIso(row.createdAt),
    expiresAt: toIso(row.expiresAt),
    lastUsedAt: row.lastUsedAt === null ? null : toIso(row.lastUsedAt),
  });

  return {
    /**
     * Adds the token unless its owner already has `limit` live ones (null then). Counted and added in one
     * transaction, with the owner's row locked, so parallel requests cannot pass the limit together.
     */
    create(token: NewApiToken, limit: number): Promise<ApiToken | null> {
      return db.transaction().execute(async (trx) => {
        await owners.lock(token.adminId, trx);
        const row = await trx
          .selectFrom('apiTokens')
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .where('adminId', '=', token.adminId)
          .where('expiresAt', '>', token.createdAt)
          .executeTakeFirstOrThrow();
        if (Number(row.count) >= limit) return null;
        await trx.insertInto('apiTokens').values(token).execute();
        return toApiToken({ ...token, lastUsedAt: null });
      });
    },

    /** The user's tokens, newest first, expired ones included (the list says they have expired). */
    async listForAdmin(adminId: string): Promise<ApiToken[]> {
      const rows = await db
        .selectFrom('apiTokens')
        .select(['id', 'name', 'role', 'access', 'createdAt', 'expiresAt', 'lastUsedAt'])
        .where('adminId', '=', adminId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toApiToken);
    },

    /** Deletes one of the user's tokens; false when the user has no such token. */
    async revoke(adminId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('apiTokens')
        .where('id', '=', id)
        .where('adminId', '=', adminId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The token with this hash and what its owner is now (read by key, after the token). */
    async findByHash(tokenHash: string): Promise<ApiTokenRecord | undefined> {
      const token = await db
        .selectFrom('apiTokens')
        .select(['id', 'name', 'role', 'access', 'expiresAt', 'lastUsedAt', 'adminId'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      const owner = token && (await owners.find(token.adminId));
      if (!token || !owner) return undefined;
      return {
        ...token,
        expiresAt: toIso(token.expiresAt),
        lastUsedAt: token.lastUsedAt === null ? null : toIso(token.lastUsedAt),
        email: owner.email,
        ownerName: owner.name,
        ownerRole: owner.role,
        ownerDisabled: owner.disabledAt !== null,
        ownerTwoFactorEnabled: owner.totpEnabledAt !== null,
      };
    },

    /** Whether the token (by id) still works at `now`: an open event stream of a revoked token is closed. */
    async isLive(id: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('apiTokens')
        .select('id')
        .where('id', '=', id)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    async touch(id: string, now: string): Promise<void> {
      await db.updateTable('apiTokens').set({ lastUsedAt: now }).where('id', '=', id).execute();
    },
  };
}

export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
