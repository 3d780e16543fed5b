import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LiveEvent } from '../../../shared/contracts/live-events.ts';
import type { Database } from '../../db/database.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { RedisConnection } from '../../lib/redis.ts';
import {
  createLiveEventBus,
  type FanOut,
  fanOutChannel,
  postgresFanOut,
  redisFanOut,
} from './live-event-bus.ts';
import { liveEventRoutes } from './routes.ts';

type LiveEventsDatabase = Pick<Database, 'db' | 'target' | 'pgSchema'>;

/**
 * How live updates reach the other instances: Redis when there is one, else PostgreSQL's LISTEN/NOTIFY; on
 * SQLite (one instance) none is needed.
 */
function liveEventsFanOut(
  database: LiveEventsDatabase,
  redis: RedisConnection | undefined,
  log: FastifyBaseLogger,
): FanOut | undefined {
  if (redis) return redisFanOut(redis, fanOutChannel(database.pgSchema, ':'), log);
  if (database.target.dialect === 'postgres')
    return postgresFanOut({
      url: database.target.url,
      channel: fanOutChannel(database.pgSchema, '_'),
      db: database.db,
      log,
    });
  return undefined;
}

/** The back office's live updates: an event stream per open screen, fed from every instance. */
export function createLiveEventsModule({
  database,
  redisConnection,
  log,
  sessionIsLive,
  heartbeatMs,
}: {
  database: LiveEventsDatabase;
  redisConnection: RedisConnection | undefined;
  log: FastifyBaseLogger;
  /** Whether a stream's session or API token still holds. */
  sessionIsLive: (sessionId: string) => Promise<boolean>;
  /** How often open streams get a heartbeat and a session check (tests shorten it). */
  heartbeatMs: number | undefined;
}) {
  const events = createLiveEventBus({ fanOut: liveEventsFanOut(database, redisConnection, log), log });
  return {
    /** Tells every open back office, on every instance; never throws and never waits. */
    publish: (event: LiveEvent) => events.publish(event),
    async register(app: FastifyInstance) {
      app.addHook('onReady', () => events.start());
      app.addHook('onClose', () => events.close());
      await app.register(encapsulated(liveEventRoutes), {
        events,
        sessionIsLive,
        ...(heartbeatMs ? { heartbeatMs } : {}),
      });
    },
  };
}
