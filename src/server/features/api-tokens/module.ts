import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { createApiTokens } from './api-tokens.ts';
import { createApiTokenRepository, type TokenOwners } from './repository.ts';
import { apiTokenRoutes } from './routes.ts';

/** Personal API tokens (decision 041): the auth plugin resolves them, the event stream checks them. */
export function createApiTokensModule({
  database,
  clock,
  accounts,
}: {
  database: Pick<Database, 'db'>;
  clock: () => number;
  /** The tokens' owners (the admin-auth feature's accounts). */
  accounts: TokenOwners;
}) {
  const repository = createApiTokenRepository(database.db, accounts);
  const apiTokens = createApiTokens(repository, clock);
  return {
    apiTokens,
    async register(app: FastifyInstance) {
      await app.register(encapsulated(apiTokenRoutes), { repository, apiTokens });
    },
  };
}
