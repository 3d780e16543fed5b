import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createIdleMemoryRelease, exposedGc } from './jobs/idle-memory-release.ts';
import { startExitWatchdog } from './lib/exit-watchdog.ts';

/** After the shutdown's deadline, the time for the process to exit before its watchdog kills it. */
const EXIT_WATCHDOG_MARGIN_MS = 3_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { announce: (message) => console.log(message) });

  const listening = app.listen({ host: config.HOST, port: config.PORT });
  const idleMemoryRelease = idleMemoryReleaseFor(app, config.IDLE_MEMORY_RELEASE_MS);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // No memory-reducing collection, which stops JavaScript for a moment, while requests finish.
    await idleMemoryRelease?.stop();
    // The shutdown's own deadline is a timer of this process; this one holds even if the process is stuck.
    startExitWatchdog(config.SHUTDOWN_TIMEOUT_MS + EXIT_WATCHDOG_MARGIN_MS);
    // A signal while starting: starting finishes first (no request is under way yet).
    await listening.catch(() => undefined);
    // Exiting here, rather than when nothing is left to run, also ends whatever a library left running.
    process.exit(await app.gracefulShutdown.run(signal));
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await listening;
  if (!stopping) await idleMemoryRelease?.start();
}

/**
 * Gives memory back after `quietMs` without a request (decision 070), when the process can ask V8 to: `npm
 * start`, the systemd unit and the container start it with `--expose-gc`. The last request's time is kept
 * by the HTTP server's own event, so that requests pay no hook for it.
 */
function idleMemoryReleaseFor(app: FastifyInstance, quietMs: number) {
  const gc = exposedGc();
  if (!gc || quietMs === 0) return undefined;
  let lastRequestAt = Date.now();
  app.server.on('request', () => {
    lastRequestAt = Date.now();
  });
  return createIdleMemoryRelease({
    gc,
    lastRequestAt: () => lastRequestAt,
    quietMs,
    clock: Date.now,
    log: app.log,
  });
}

main().catch((error: unknown) => {
  console.error('Sampark could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
