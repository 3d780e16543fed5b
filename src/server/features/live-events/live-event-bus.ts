import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { type LiveEvent, LiveEventSchema } from '../../../shared/contracts/live-events.ts';
import { POSTGRES_APPLICATION_NAME } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { RedisConnection } from '../../lib/redis.ts';

type Listener = (event: LiveEvent) => void;

/** The open back offices of this instance and, through a fan-out, of every other instance. */
export interface LiveEventBus {
  /** Tells every listener of every instance; never throws and never waits (a fan-out outage is logged). */
  publish(event: LiveEvent): void;
  /** Returns the function that stops listening. */
  subscribe(listener: Listener): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The link that carries events between instances (Redis pub/sub or PostgreSQL LISTEN/NOTIFY). */
export interface FanOut {
  name: string;
  send(message: string): Promise<void>;
  /**
   * Starts delivering the other instances' messages to `receive`. `reconnected` is called when the link
   * comes back after being lost: messages sent meanwhile are gone.
   */
  start(receive: (message: string) => void, reconnected: () => void): Promise<void>;
  close(): Promise<void>;
}

const FanOutMessageSchema = LiveEventSchema.extend({ from: z.string() });

/**
 * Every event reaches this instance's listeners at once, whatever the fan-out's state, so an outage of Redis
 * or of the listening connection costs only the other instances' screens their live updates. Each message
 * names the instance it came from, which ignores it when the fan-out brings it back.
 */
export function createLiveEventBus({
  fanOut,
  log,
}: {
  fanOut?: FanOut;
  log: FastifyBaseLogger;
}): LiveEventBus {
  const instance = randomUUID();
  const listeners = new Set<Listener>();
  const deliver = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  return {
    publish(event) {
      deliver(event);
      fanOut?.send(JSON.stringify({ ...event, from: instance })).catch((error: unknown) => {
        log.debug({ err: error, fanOut: fanOut.name }, 'live event not sent to the other instances');
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      await fanOut?.start(
        (message) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(message);
          } catch {
            return;
          }
          const result = FanOutMessageSchema.safeParse(parsed);
          if (!result.success || result.data.from === instance) return;
          const { from: _from, ...event } = result.data;
          deliver(event);
        },
        // What happened while the link was down is unknown: every screen refetches.
        () => deliver({ type: 'inquiry.updated' }),
      );
    },
    async close() {
      listeners.clear();
      await fanOut?.close();
    },
  };
}

/**
 * One name per database: instances of one site share it, and test suites (a PostgreSQL schema each) or two
 * sites on one Redis do not hear each other.
 */
export function fanOutChannel(scope: string | undefined, separator: ':' | '_'): string {
  const base = separator === ':' ? 'sampark:live-events' : 'sampark_live_events';
  return scope ? `${base}${separator}${scope}` : base;
}

/** A subscriber that is silent this long is asked for a PING; no answer in the socket timeout ends it. */
const REDIS_SUBSCRIBER_PING_MS = 15_000;

/**
 * Redis pub/sub. Publishing uses the app's client (no offline queue: it fails at once during an outage);
 * listening needs a connection of its own in subscriber mode, which ioredis reconnects and which subscribes
 * again on each connection.
 */
export function redisFanOut(redis: RedisConnection, channel: string, log: FastifyBaseLogger): FanOut {
  let subscribed: Redis | undefined;
  let pinger: NodeJS.Timeout | undefined;
  return {
    name: 'redis',
    send: async (message) => {
      await redis.client.publish(channel, message);
    },
    async start(receive, reconnected) {
      // The subscriber subscribes on every connection it makes. Not ioredis's autoResubscribe: its SUBSCRIBE
      // has no handler, so a connection lost (or closed) as it is made becomes an unhandled rejection.
      const subscriber = redis.client.duplicate({
        autoResubscribe: false,
        enableOfflineQueue: true,
        maxRetriesPerRequest: null,
      });
      subscribed = subscriber;
      let connectedBefore = false;
      subscriber.on('error', (error: Error) => log.debug({ err: error }, 'Redis subscriber error'));
      subscriber.on('ready', () => {
        subscriber.subscribe(channel).catch((error: unknown) => {
          log.debug({ err: error }, 'Redis subscription not made');
        });
        if (connectedBefore) reconnected();
        connectedBefore = true;
      });
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) receive(message);
      });
      // A partition that drops packets silently would leave the subscriber waiting forever; a PING without
      // answer trips the socket timeout, and the reconnect begins.
      pinger = setInterval(() => {
        if (subscriber.status === 'ready') subscriber.ping().catch(() => undefined);
      }, REDIS_SUBSCRIBER_PING_MS);
      pinger.unref();
      // Not waited for: with Redis away the app starts anyway, and subscribes when it is back.
    },
    async close() {
      clearInterval(pinger);
      subscribed?.disconnect();
    },
  };
}

const PG_RECONNECT_FIRST_DELAY_MS = 100;
const PG_RECONNECT_MAX_DELAY_MS = 5_000;
/** How often the listening connection is checked; a query that fails ends it, and a new one is made. */
const PG_LISTENER_CHECK_MS = 30_000;

/**
 * PostgreSQL LISTEN/NOTIFY: NOTIFY through the app's pool, LISTEN on a connection of its own (a pooled one
 * would be handed to other queries), made again with backoff whenever it is lost.
 */
export function postgresFanOut({
  url,
  channel,
  db,
  log,
}: {
  url: string;
  channel: string;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
}): FanOut {
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;
  let lost = false;

  const connect = async (receive: (message: string) => void, reconnected: () => void) => {
    const next = new pg.Client({
      connectionString: url,
      application_name: POSTGRES_APPLICATION_NAME,
      keepAlive: true,
    });
    let ended = false;
    const onLost = (error?: Error) => {
      if (ended) return;
      ended = true;
      clearInterval(check);
      next.end().catch(() => undefined);
      if (closed) return;
      if (!lost) {
        lost = true;
        log.warn(
          { err: error },
          'PostgreSQL listening connection lost: live updates from other instances pause until it is back',
        );
      }
      const delay = Math.min(PG_RECONNECT_FIRST_DELAY_MS * 2 ** attempt, PG_RECONNECT_MAX_DELAY_MS);
      attempt += 1;
      retry = setTimeout(() => void connect(receive, reconnected), delay);
      retry.unref();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload !== undefined)
        receive(notification.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    if (lost) {
      lost = false;
      log.info('PostgreSQL listening connection is back: live updates from other instances resume');
      reconnected();
    }
    check = setInterval(() => {
      next.query('select 1').catch((error: Error) => onLost(error));
    }, PG_LISTENER_CHECK_MS);
    check.unref();
  };

  return {
    name: 'postgres',
    send: async (message) => {
      await sql`select pg_notify(${channel}, ${message})`.execute(db);
    },
    start: (receive, reconnected) => connect(receive, reconnected),
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(check);
      await client?.end().catch(() => undefined);
    },
  };
}
