import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { ANY_ROUTE_ERROR_RESPONSES, errorResponses, HttpError } from '../../lib/http-errors.ts';
import type { RedisConnection } from '../../lib/redis.ts';
import { access } from '../../plugins/access.ts';

export interface HealthDeps {
  database: Database;
  /** Absent without REDIS_URL. */
  redis?: Pick<RedisConnection, 'state'>;
  /** True once the process is shutting down: a load balancer should send its requests elsewhere. */
  shuttingDown: () => boolean;
}

const SHUTTING_DOWN_MESSAGE = 'The server is shutting down';

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (
  app,
  { database, redis, shuttingDown },
) => {
  // Load balancers and monitors ask these every few seconds: their lines would drown the visitors' ones.
  const config = { access: access.public, requestLog: 'debug' as const };
  app.get(
    '/api/health',
    {
      config,
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }), ...ANY_ROUTE_ERROR_RESPONSES },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config,
      schema: {
        tags: ['health'],
        summary: 'The database answers and the server is not shutting down',
        description:
          'Ready (200) whenever the database answers, until the process is told to stop: from then on 503, ' +
          'while it finishes the requests under way. `redis` tells whether rate limits are counted in ' +
          'Redis, shared by every instance (`ready`), in each instance alone because Redis is not reachable ' +
          '(`degraded`), or in this one process because REDIS_URL is not set (`disabled`).',
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.string(),
            redis: z.enum(['ready', 'degraded', 'disabled']),
          }),
          ...ANY_ROUTE_ERROR_RESPONSES,
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      if (shuttingDown()) throw new HttpError(503, SHUTTING_DOWN_MESSAGE);
      try {
        await database.ping();
        // A Redis outage does not make the instance unready: it serves every request with limits counted
        // locally, and a load balancer that dropped every instance for it would take the whole site down.
        return {
          status: 'ready' as const,
          database: database.dialect,
          redis: redis ? redis.state() : ('disabled' as const),
        };
      } catch (error) {
        request.log.error({ err: error }, 'database is not reachable');
        throw new HttpError(503, 'The database is not reachable');
      }
    },
  );
};
