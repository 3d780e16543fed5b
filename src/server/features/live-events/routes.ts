import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENT_NAME, LIVE_EVENTS_PATH, type LiveEvent } from '../../../shared/contracts/live-events.ts';
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { LiveEventBus } from './live-event-bus.ts';

/** A comment line this often keeps proxies from closing a quiet stream and shows a gone client. */
const LIVE_EVENTS_HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting after a lost stream (the `retry:` field). */
const RECONNECT_HINT_MS = 3_000;
/** Tabs of one signed-in browser; beyond this a new stream is refused, so a loop of reconnects stays bounded. */
export const MAX_STREAMS_PER_SESSION = 10;
/**
 * A user's streams across their sessions and tokens: one account (or its stolen cookies signed in a hundred
 * times) cannot take the instance's streams from the rest of the team.
 */
export const MAX_STREAMS_PER_USER = 20;
/** All streams of this instance: each holds a connection and a little memory. */
const MAX_STREAMS = 1_000;
/** A client that reads slower than this much unsent text builds up is dropped (it reconnects and refetches). */
const MAX_UNSENT_BYTES = 64 * 1024;

interface OpenStream {
  sessionId: string;
  adminId: string;
  body: PassThrough;
}

export interface LiveEventRoutesOptions {
  events: LiveEventBus;
  /** Whether the stream's session still holds, asked at each heartbeat without counting as use. */
  sessionIsLive: (sessionId: string) => Promise<boolean>;
  heartbeatMs?: number;
}

const frame = (event: LiveEvent) => `event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * The back office's live updates: server-sent events telling each open screen which inquiries changed,
 * from every instance (live-event-bus.ts). A stream ends with its session, or when the server stops.
 */
export const liveEventRoutes: FastifyPluginAsyncZod<LiveEventRoutesOptions> = async (
  app,
  { events, sessionIsLive, heartbeatMs = LIVE_EVENTS_HEARTBEAT_MS },
) => {
  const streams = new Set<OpenStream>();
  let heartbeat: NodeJS.Timeout | undefined;
  /** The beat on its way, if any: closing waits for its session checks to end before the database does. */
  let beating: Promise<void> | undefined;

  const close = (stream: OpenStream) => {
    if (!streams.delete(stream)) return;
    stream.body.end();
    if (streams.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };
  const write = (stream: OpenStream, text: string) => {
    if (stream.body.writableLength > MAX_UNSENT_BYTES) close(stream);
    else stream.body.write(text);
  };

  const beat = async () => {
    const sessions = new Map<string, boolean>();
    for (const { sessionId } of streams) sessions.set(sessionId, true);
    await Promise.all(
      [...sessions.keys()].map(async (sessionId) => {
        // A database that does not answer now ends no stream; the next beat asks again.
        sessions.set(sessionId, await sessionIsLive(sessionId).catch(() => true));
      }),
    );
    for (const stream of streams) {
      if (sessions.get(stream.sessionId) === false) close(stream);
      else write(stream, ': heartbeat\n\n');
    }
  };

  const unsubscribe = events.subscribe((event) => {
    for (const stream of streams) write(stream, frame(event));
  });
  const closeAll = () => {
    for (const stream of streams) close(stream);
  };
  app.gracefulShutdown.onShutdown(closeAll);
  app.addHook('onClose', async () => {
    unsubscribe();
    closeAll();
    await beating;
  });

  app.get(
    LIVE_EVENTS_PATH,
    {
      config: { access: access.scripted('inbox') },
      // Each event must leave at once: a compressor would hold it back to fill a block.
      compress: false,
      schema: {
        tags: ['admin'],
        operationId: 'streamLiveEvents',
        summary:
          'Server-sent events naming the inquiries that change, for open back-office screens to refetch',
        response: {
          200: z.string().describe('text/event-stream: `event: change`, `data: {"type", "id"?}`'),
          ...errorResponses(401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      if (app.gracefulShutdown.isShuttingDown())
        throw new HttpError(503, 'The server is restarting. Live updates resume in a moment.');
      const { sessionId, id: adminId } = request.admin!;
      let ofSession = 0;
      let ofUser = 0;
      for (const stream of streams) {
        if (stream.sessionId === sessionId) ofSession += 1;
        if (stream.adminId === adminId) ofUser += 1;
      }
      if (ofSession >= MAX_STREAMS_PER_SESSION || ofUser >= MAX_STREAMS_PER_USER)
        throw new HttpError(429, 'Too many back-office tabs are receiving live updates. Close some of them.');
      if (streams.size >= MAX_STREAMS)
        throw new HttpError(503, 'Too many live update streams are open. Try again in a minute.');

      const stream: OpenStream = { sessionId, adminId, body: new PassThrough() };
      streams.add(stream);
      heartbeat ??= setInterval(() => {
        beating ??= beat().finally(() => {
          beating = undefined;
        });
      }, heartbeatMs);
      // The client went away (closed tab, lost network): its stream is dropped with it.
      reply.raw.once('close', () => close(stream));
      stream.body.write(`retry: ${RECONNECT_HINT_MS}\n: connected\n\n`);
      return (
        reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // nginx would otherwise buffer the answer and deliver events late, in batches.
          .header('x-accel-buffering', 'no')
          // The schema describes the stream's text for the API document; what is sent is the stream itself.
          .send(stream.body as unknown as string)
      );
    },
  );
};
