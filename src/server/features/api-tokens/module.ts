import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createApiTokens } from './api-tokens.ts';
import { createApiTokenRepository } from './repository.ts';
import { apiTokenRoutes } from './routes.ts';

/** Personal API tokens (decision 041): the auth plugin resolves them, the event stream checks them. */
export function createApiTokensModule({
  database,
  clock,
}: {
  database: Pick<Database, 'db' | 'dialect'>;
  clock: () => number;
}) {
  const repository = createApiTokenRepository(database.db, database.dialect);
  const apiTokens = createApiTokens(repository, clock);
  return {
    apiTokens,
    async register(app: FastifyInstance) {
      await app.register(apiTokenRoutes, { repository, apiTokens });
    },
  };
}
