import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    gracefulShutdown: GracefulShutdown;
  }
}

/**
 * How long a connection with no request under way may stay open once shutdown has begun. A client that is
 * using its connection sends the next request sooner (it is answered, with `Connection: close`); one idle
 * this long is closed, and only a request sent at that very moment can meet the closing connection.
 */
export const IDLE_CONNECTION_GRACE_MS = 1_000;

export interface ShutdownTimes {
  /** Connections are still accepted this long after the signal, while /api/ready answers 503. */
  drainMs: number;
  /** From the signal: past this, the connections still open are closed and the shutdown counts as failed. */
  timeoutMs: number;
  idleGraceMs?: number;
}

export interface GracefulShutdown {
  /** True from the signal (or from app.close()) on: /api/ready answers 503, every answer closes its connection. */
  isShuttingDown(): boolean;
  /**
   * Stops accepting, answers every request that reached the server, then closes the app (timers, Redis, the
   * database). Resolves with the exit code: 0, or 1 when the deadline cut connections off.
   */
  run(signal: string): Promise<number>;
  /**
   * Calls `listener` once when shutdown begins (the signal, or app.close()): for answers that never end by
   * themselves, such as event streams, which would otherwise hold the shutdown until its deadline.
   */
  onShutdown(listener: () => void): void;
}

/**
 * Fastify answers requests that arrive on an open connection after close() began with its own 503: a 5xx
 * for a request that did reach the server. They are served as any other, with `Connection: close`.
 */
export const gracefulShutdownOptions = { return503OnClosing: false } satisfies FastifyServerOptions;

/** Resolves once the server accepts no more connections and every open one has closed. */
function stopAccepting(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    // http.Server#close would also destroy every idle keep-alive connection at once (Node 19 and later),
    // where a client may be sending its next request at this moment: net.Server#close only stops accepting.
    net.Server.prototype.close.call(server, () => resolve());
  });
}

export function registerGracefulShutdown(
  app: FastifyInstance,
  { drainMs, timeoutMs, idleGraceMs = IDLE_CONNECTION_GRACE_MS }: ShutdownTimes,
): void {
  let shuttingDown = false;
  const shutdownListeners: (() => void)[] = [];
  const beginShutdown = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    for (const listener of shutdownListeners.splice(0)) listener();
  };
  // Node counts a connection that has not sent a byte (a browser's preconnect) as waiting for a request, not
  // as idle: these are closed with the idle ones. Only connections are tracked, not requests.
  const connections = new Set<net.Socket>();
  app.server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.addHook('preClose', (done) => {
    beginShutdown();
    done();
  });
  // Fastify adds `Connection: close` only to requests that arrive after close() began; this covers the ones
  // under way when the signal came, and those that arrive while draining.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  const shutDown = async (signal: string): Promise<number> => {
    const started = performance.now();
    beginShutdown();
    app.log.info({ signal }, 'shutting down: finishing the requests under way');
    const server = app.server;
    // A connection whose answer left before the signal (a long download) closes this long after it, not 72 s.
    server.keepAliveTimeout = Math.min(server.keepAliveTimeout, idleGraceMs);
    const timers = new AbortController();
    const wait = (ms: number) => delay(ms, undefined, { signal: timers.signal });

    const stop = async () => {
      if (drainMs > 0) await wait(drainMs);
      const allClosed = stopAccepting(server);
      await Promise.race([allClosed, wait(Math.max(0, idleGraceMs - drainMs))]);
      server.closeIdleConnections();
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
      await allClosed;
      // Timers, Redis and the database close once no request can need them.
      await app.close();
      return 'done' as const;
    };
    try {
      const outcome = await Promise.race([stop(), wait(timeoutMs).then(() => 'timeout' as const)]);
      if (outcome === 'timeout') {
        const open = connections.size;
        app.log.error(
          { signal, timeoutMs, connections: open },
          `shutdown did not finish within ${timeoutMs} ms: closing ${open} connection(s) still open`,
        );
        server.closeAllConnections();
        return 1;
      }
      app.log.info({ signal, durationMs: Math.round(performance.now() - started) }, 'shut down');
      return 0;
    } catch (error) {
      app.log.error({ err: error, signal }, 'shutdown failed');
      server.closeAllConnections();
      return 1;
    } finally {
      timers.abort();
    }
  };

  let running: Promise<number> | undefined;
  app.decorate('gracefulShutdown', {
    isShuttingDown: () => shuttingDown,
    run: (signal: string) => {
      running ??= shutDown(signal);
      return running;
    },
    onShutdown: (listener: () => void) => {
      if (shuttingDown) listener();
      else shutdownListeners.push(listener);
    },
  } satisfies GracefulShutdown);
}
