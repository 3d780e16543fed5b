import { createHash, randomBytes } from 'node:crypto';
import type { ApiToken } from '../../../shared/contracts/api-tokens.ts';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type ApiTokenAccess,
  tokenRolesFor,
} from '../../../shared/rules/api-tokens.ts';
import { isRole, type Role } from '../../../shared/rules/roles.ts';
import { newId } from '../../db/values.ts';
import type { SignedInAdmin } from '../../plugins/auth.ts';
import type { ApiTokenRepository } from './repository.ts';

/** How stale the stored last-used time may get: a write at most once a minute per token, not per request. */
const TOUCH_INTERVAL_MS = 60_000;
/** `SignedInAdmin.sessionId` of a request made with a token: this prefix and the token's id. */
const TOKEN_SESSION_PREFIX = 'api-token:';
/** A token is the prefix and 32 random bytes in base64url: 48 characters. */
const TOKEN_MAX_LENGTH = 100;

/** Tokens carry 256 random bits, so a fast hash is enough: guessing one is as hard as guessing the token. */
function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Personal API tokens (decision 041): made here and shown once, kept as a hash, and looked up on every
 * request that carries one, so a revoked token stops working at once on every instance. A token acts as its
 * owner with the token's role, which must still be within the owner's role when it is used (a user moved to
 * another role keeps no token of the old one).
 */
export function createApiTokens(tokens: ApiTokenRepository, clock: () => number) {
  return {
    async create(
      adminId: string,
      input: { name: string; role: Role; access: ApiTokenAccess; expiresInDays: number },
    ): Promise<{ token: string; apiToken: ApiToken } | null> {
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const now = clock();
      const apiToken = await tokens.create(
        {
          id: newId(),
          adminId,
          name: input.name,
          tokenHash: hashApiToken(token),
          role: input.role,
          access: input.access,
          createdAt: new Date(now).toISOString(),
          expiresAt: new Date(now + input.expiresInDays * 24 * 60 * 60_000).toISOString(),
        },
        API_TOKENS_PER_USER,
      );
      return apiToken && { token, apiToken };
    },

    /** The user a bearer token acts as, or null for a token that is unknown, expired, revoked or no longer allowed. */
    async resolve(token: string): Promise<SignedInAdmin | null> {
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > TOKEN_MAX_LENGTH) return null;
      const record = await tokens.findByHash(hashApiToken(token));
      if (!record) return null;
      const now = clock();
      const { role, ownerRole, access } = record;
      if (
        now >= Date.parse(record.expiresAt) ||
        record.ownerDisabled ||
        !isRole(role) ||
        !isRole(ownerRole) ||
        !tokenRolesFor(ownerRole).includes(role) ||
        (access !== 'read' && access !== 'read-write')
      ) {
        return null;
      }
      if (record.lastUsedAt === null || now - Date.parse(record.lastUsedAt) >= TOUCH_INTERVAL_MS) {
        await tokens.touch(record.id, new Date(now).toISOString());
      }
      return {
        id: record.adminId,
        email: record.email,
        name: record.ownerName,
        role,
        twoFactorEnabled: record.ownerTwoFactorEnabled,
        sessionId: `${TOKEN_SESSION_PREFIX}${record.id}`,
        apiToken: { id: record.id, name: record.name, access },
      };
    },

    /** For `SignedInAdmin.sessionId` values of token requests: whether the token still exists; else null. */
    async isLive(sessionId: string): Promise<boolean | null> {
      if (!sessionId.startsWith(TOKEN_SESSION_PREFIX)) return null;
      return tokens.isLive(sessionId.slice(TOKEN_SESSION_PREFIX.length), new Date(clock()).toISOString());
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
