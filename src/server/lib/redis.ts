import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** `ready`: limits are counted in Redis, shared by every instance; `degraded`: each instance counts alone. */
export type RedisState = 'ready' | 'degraded';

/**
 * Redis answers a rate-limit script in well under a millisecond; anything near these bounds is an outage,
 * and a request must never wait for one (the bound is one second per request, argon2 included). `socket`: a
 * connection that gets no answer this long is dropped, so a silent outage ends like a refused one.
 */
export const REDIS_TIMEOUTS_MS = { connect: 1000, command: 250, socket: 500 } as const;
export type RedisTimeouts = { [Name in keyof typeof REDIS_TIMEOUTS_MS]: number };
const RECONNECT_FIRST_DELAY_MS = 100;
const RECONNECT_MAX_DELAY_MS = 2000;
const RECONNECT_JITTER_MS = 100;

export interface RedisConnection {
  client: Redis;
  state(): RedisState;
  /** Resolves once the first connection attempt has either succeeded or failed. */
  firstAttempt(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one Redis client of the app, built so that Redis going away costs no request any time: commands
 * fail at once while it is not connected (the limiters then count in this process, see createLimiter),
 * and the client keeps reconnecting so shared counting resumes by itself when Redis is back.
 */
async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  timeouts: RedisTimeouts = REDIS_TIMEOUTS_MS,
): Promise<RedisConnection> {
  // Loaded only by a site that has Redis (decision 064).
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    // Queued commands are what made a sign-in wait ~30 s during an outage.
    enableOfflineQueue: false,
    // A command cut off by a lost connection is not sent again on reconnect: the fallback already counted it.
    maxRetriesPerRequest: 0,
    connectTimeout: timeouts.connect,
    commandTimeout: timeouts.command,
    socketTimeout: timeouts.socket,
    // Never gives up (a number every time); jitter keeps many instances from reconnecting in step.
    retryStrategy: (attempt) =>
      Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** (attempt - 1), RECONNECT_MAX_DELAY_MS) +
      Math.floor(Math.random() * RECONNECT_JITTER_MS),
  });

  // 'close' comes with every lost connection and failed attempt; the outage flag turns them into one
  // warning per outage instead of one per reconnect attempt.
  let outage = false;
  let closing = false;
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
    log.debug({ err: error }, 'Redis connection error');
  });
  client.on('close', () => {
    if (outage || closing) return;
    outage = true;
    log.warn(
      { err: lastError },
      'Redis is not reachable: rate limits count in each instance until it is back',
    );
  });
  client.on('ready', () => {
    lastError = undefined;
    if (!outage) return;
    outage = false;
    log.info('Redis is reachable again: rate limits are shared again');
  });

  return {
    client,
    state: () => (client.status === 'ready' ? 'ready' : 'degraded'),
    firstAttempt() {
      if (client.status !== 'connecting' && client.status !== 'connect') return Promise.resolve();
      return new Promise((resolve) => {
        const settle = () => {
          client.off('ready', settle);
          client.off('close', settle);
          resolve();
        };
        client.once('ready', settle);
        client.once('close', settle);
      });
    },
    async close() {
      closing = true;
      // QUIT fails at once when not connected; then just stop reconnecting.
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The app's Redis when REDIS_URL is set: connected at start, closed with the app. */
export async function connectRedisForApp(
  app: FastifyInstance,
  url: string | undefined,
  timeouts: RedisTimeouts | undefined,
): Promise<RedisConnection | undefined> {
  if (!url) return undefined;
  const connection = await connectRedis(url, app.log, timeouts);
  // The first requests count in Redis like the rest, unless Redis is away: then starting waits no longer
  // than one failed attempt (the connect timeout at most).
  app.addHook('onReady', () => connection.firstAttempt());
  app.addHook('onClose', () => connection.close());
  return connection;
}
