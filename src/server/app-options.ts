import type { FastifyServerOptions } from 'fastify';
import type { Database } from './db/database.ts';
import type { RedisTimeouts } from './lib/redis.ts';

/** What the server entry and the tests may give buildApp (src/server/app.ts) besides the config. */
export interface BuildAppOptions {
  /** An already open database (tests); otherwise one is opened from DATABASE_URL and closed with the app. */
  database?: Database;
  /** Milliseconds since the epoch; tests move time forward to expire sessions. */
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
  /**
   * Set by the server entry: creates the first admin when there is none (printing a generated password
   * through this function) and seeds demo content in demo mode. Tests make their own data instead.
   */
  announce?: (message: string) => void;
  /** How often open event streams get a heartbeat and a session check (tests shorten it). */
  liveEventsHeartbeatMs?: number;
  /** How long a webhook delivery waits for its receiver (10 s; tests shorten it). */
  webhookTimeoutMs?: number;
  /** How long a push waits for its push service (10 s; tests shorten it). */
  pushTimeoutMs?: number;
  /**
   * When Redis counts as away (REDIS_TIMEOUTS_MS): tests of counting shared between instances lengthen them,
   * so that a busy test machine is not taken for an outage.
   */
  redisTimeouts?: RedisTimeouts;
}
