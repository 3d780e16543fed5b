import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.ts';

/** V8's collector as `node --expose-gc` gives it (V8's gc extension). */
export type ExposedGc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** What one check did: gave memory back (with the resident set before and after, in bytes), or waited. */
export type IdleMemoryCheck =
  | { released: true; rssBefore: number; rssAfter: number }
  | { released: false; reason: 'busy' | 'nothing new' };

export interface IdleMemoryReleaseOptions {
  gc: ExposedGc;
  /** When the server last received a request, on `clock` (its start until the first). */
  lastRequestAt: () => number;
  /** How long the server must have received no request before memory is given back. */
  quietMs: number;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * Gives memory back to the machine once the server has been quiet for `quietMs` (decision 070). V8 keeps
 * the young generation it grew while starting or serving, and frees old-space pages only at its next full
 * collection, which an idle server never reaches: measured, a server idle after its start held 164 MB,
 * 133 MB after one memory-reducing collection. That collection stops JavaScript for about a third of a
 * second, so it runs only after a whole quiet period, and once per spell of requests (or after the start).
 */
export function createIdleMemoryRelease({
  gc,
  lastRequestAt,
  quietMs,
  clock,
  log,
}: IdleMemoryReleaseOptions): PeriodicJob<IdleMemoryCheck> {
  // The start leaves garbage and a grown young generation: there is something to give back at first.
  let releasedAt: number | undefined;
  const quietUntil = () => lastRequestAt() + quietMs;
  return createPeriodicJob({
    name: 'idle memory release',
    firstDelayMs: quietMs,
    // The moment the quiet period since the last request ends; a whole period after a check with nothing new.
    nextDelayMs: (now) => Math.max(quietUntil() - now, 0) || quietMs,
    clock,
    log,
    async run(): Promise<IdleMemoryCheck> {
      const now = clock();
      if (now < quietUntil()) return { released: false, reason: 'busy' };
      if (releasedAt !== undefined && lastRequestAt() <= releasedAt) {
        return { released: false, reason: 'nothing new' };
      }
      releasedAt = now;
      const rssBefore = process.memoryUsage.rss();
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      const rssAfter = process.memoryUsage.rss();
      log.info(
        { rssBeforeMb: megabytes(rssBefore), rssAfterMb: megabytes(rssAfter) },
        'Idle: memory given back',
      );
      return { released: true, rssBefore, rssAfter };
    },
  });
}

function megabytes(bytes: number): number {
  return Math.round(bytes / 104_857.6) / 10;
}

/** V8's collector when the process was started with `--expose-gc` (as `npm start` does), else undefined. */
export function exposedGc(): ExposedGc | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as ExposedGc) : undefined;
}
