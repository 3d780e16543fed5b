import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { RedisConnection } from '../../lib/redis.ts';
import { healthRoutes } from './routes.ts';

/** The liveness and readiness checks: the database, Redis, and whether the server is shutting down. */
export function createHealthModule({
  database,
  redisConnection,
}: {
  database: Database;
  redisConnection: RedisConnection | undefined;
}) {
  return {
    async register(app: FastifyInstance) {
      await app.register(encapsulated(healthRoutes), {
        database,
        ...(redisConnection ? { redis: redisConnection } : {}),
        shuttingDown: app.gracefulShutdown.isShuttingDown,
      });
    },
  };
}
