import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How a run ended, for the next delay: a job may wait differently after a failure. */
export type RunOutcome = 'succeeded' | 'failed';

export interface PeriodicJobOptions<T> {
  /** What the job does, in the log line of a failed run (`audit log purge`). */
  name: string;
  run: () => Promise<T>;
  /**
   * Milliseconds from the end of a run to the next: a fixed interval, or computed (the start of the next
   * minute, sooner when something falls due). Called after every timed run, with the clock's time then; it
   * must not throw (what may fail belongs in `run`, which can leave its finding for this to read).
   */
  nextDelayMs: (now: number, outcome: RunOutcome) => number;
  /** The wait before the first run; without it start() runs the job at once and resolves once that run ends. */
  firstDelayMs?: number;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface PeriodicJob<T = void> {
  /** Runs the job now or after `firstDelayMs`, then after each run's next delay, until stop(). */
  start(): Promise<void>;
  /** Plans no further run; resolves when a run under way has ended. Stopping twice is harmless. */
  stop(): Promise<void>;
  /** Runs the job now, after a run under way if there is one; its result or failure is the caller's. */
  runNow(): Promise<T>;
}

/**
 * Every periodic timer of the server is one of these (decision 057): runs never overlap, a failed run is logged and
 * the next one is planned all the same, and the timer is unref'd, so a job never keeps the process alive.
 */
export function createPeriodicJob<T>({
  name,
  run,
  nextDelayMs,
  firstDelayMs,
  clock,
  log,
}: PeriodicJobOptions<T>): PeriodicJob<T> {
  let timer: NodeJS.Timeout | undefined;
  // Each start() opens a round; a run of an earlier round that ends after a restart plans nothing.
  let round = 0;
  let started = false;
  // Runs go one after the other, timed or asked for: each waits for the one before.
  let last: Promise<unknown> = Promise.resolve();

  const runNow = (): Promise<T> => {
    const next = last.then(run);
    last = next.catch(() => {});
    return next;
  };

  const plan = (ofRound: number, delayMs: number) => {
    if (!started || ofRound !== round) return;
    timer = setTimeout(() => {
      timer = undefined;
      void tick(ofRound);
    }, delayMs);
    timer.unref();
  };

  const tick = async (ofRound: number) => {
    let outcome: RunOutcome = 'succeeded';
    try {
      await runNow();
    } catch (error) {
      outcome = 'failed';
      log.warn({ err: error, job: name }, `${name} failed; it runs again at its next time`);
    }
    plan(ofRound, nextDelayMs(clock(), outcome));
  };

  return {
    async start() {
      if (started) return;
      started = true;
      round += 1;
      if (firstDelayMs === undefined) await tick(round);
      else plan(round, firstDelayMs);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await last;
    },
    runNow,
  };
}

/** What the app starts and stops: a periodic job, or a schedule built on one (the automatic backup). */
export interface Job {
  start(): unknown;
  stop(): Promise<void>;
}

/**
 * Starts the jobs in order once the app is ready (a job's first run may be part of starting), and stops them
 * in the reverse order when it closes, before what was registered earlier (the database) closes: a job that
 * feeds one listed before it (the outbox) has stopped by the time that one stops.
 */
export function runJobsWithApp(app: FastifyInstance, jobs: readonly (Job | undefined)[]): void {
  const present = jobs.filter((job) => job !== undefined);
  app.addHook('onReady', async () => {
    for (const job of present) await job.start();
  });
  app.addHook('onClose', async () => {
    for (const job of present.toReversed()) await job.stop();
  });
}
