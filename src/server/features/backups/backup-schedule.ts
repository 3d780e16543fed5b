import type { FastifyBaseLogger } from 'fastify';
import type { BackupStatus } from '../../../shared/contracts/backups.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { createPeriodicJob } from '../../jobs/periodic-job.ts';
import { pruneBackups, shownDirectory } from './backup-files.ts';
import type { BackupService, TakenBackup } from './backup-service.ts';

/** The first automatic backup waits this long after start: the server comes up first, and a crash loop does not back up every start. */
export const BACKUP_FIRST_DELAY_MS = 60_000;
/** After a failure, or while another instance is taking one, or while pg_dump is missing. */
export const BACKUP_RETRY_DELAY_MS = 60 * 60_000;

export interface BackupSchedule {
  /** Plans the first automatic backup (none when BACKUP_KEEP_DAYS is 0). */
  start(): void;
  /** Stops planning and stops a backup under way; resolves when it has stopped. */
  stop(): Promise<void>;
  status(): Promise<BackupStatus>;
  /**
   * "Back up now": starts a backup unless one is under way (automatic or asked for), which the caller then
   * joins: one at a time, whoever asks. `unavailable` gives the reason when backups cannot be taken here.
   */
  takeNow(): Promise<{ state: 'started' | 'joined' } | { state: 'unavailable'; reason: string }>;
}

/**
 * The daily automatic backup. A backup is taken when the newest in the directory (automatic or made by
 * `npm run backup`) is a day old or older, so restarts do not add backups; after each one, backups older
 * than `keepDays` are deleted (never the newest). The checks are a periodic job (decision 057): each check
 * decides when the next one comes.
 */
export function createBackupSchedule({
  backups,
  keepDays,
  clock,
  log,
  firstDelayMs = BACKUP_FIRST_DELAY_MS,
  onTaken = async () => {},
}: {
  backups: BackupService;
  /** Told of each backup taken, automatic or asked for (its copy off the machine is queued, decision 056). */
  onTaken?: (taken: TakenBackup) => Promise<void>;
  keepDays: number;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  firstDelayMs?: number;
}): BackupSchedule {
  let current: { controller: AbortController; done: Promise<void> } | undefined;
  let lastFailure: { at: number; message: string } | null = null;
  let reportedUnavailable: string | null = null;
  /** How far the backup under way is, 0 to 1, once it says. */
  let progress: number | null = null;

  /** The wait the last automatic check asked for before the next one, and when that one is due. */
  let delayAfterCheck = DAY_MS;
  let nextAt: number | null = null;
  let started = false;

  const begin = (work: (signal: AbortSignal) => Promise<void>): Promise<void> => {
    const controller = new AbortController();
    const done = work(controller.signal).finally(() => {
      current = undefined;
      progress = null;
    });
    current = { controller, done };
    return done;
  };
  const onProgress = (done: number, total: number) => {
    progress = total > 0 ? Math.min(1, done / total) : null;
  };

  /** A backup taken is copied off the machine; a failure to queue the copy does not undo the backup. */
  const copyOff = async (taken: TakenBackup) => {
    try {
      await onTaken(taken);
    } catch (error) {
      log.warn({ err: error }, 'the backup could not be queued for its copy off the machine');
    }
  };

  const clamped = (delayMs: number) => Math.min(DAY_MS, Math.max(1_000, delayMs));
  // Settled as the check ends, so that Settings shows the next time as soon as it says the backup was taken.
  const plan = (delayMs: number) => {
    delayAfterCheck = clamped(delayMs);
    if (started) nextAt = clock() + delayAfterCheck;
  };

  /** Takes the automatic backup when the newest is a day old, and says when to check again (plan). */
  const check = async (signal: AbortSignal): Promise<void> => {
    nextAt = null;
    try {
      const newest = backups.latest();
      const age = newest ? clock() - Date.parse(newest.takenAt) : Number.POSITIVE_INFINITY;
      if (age < DAY_MS) return plan(DAY_MS - age);

      const unavailable = await backups.unavailableReason();
      if (unavailable) {
        if (unavailable !== reportedUnavailable)
          log.warn(`Automatic backups are not possible: ${unavailable}`);
        reportedUnavailable = unavailable;
        return plan(BACKUP_RETRY_DELAY_MS);
      }
      reportedUnavailable = null;
      const taken = await backups.take({ offThread: true, exclusive: true, signal, onProgress });
      if (!taken) {
        log.info('another instance is taking a backup; checking again later');
        return plan(BACKUP_RETRY_DELAY_MS);
      }
      lastFailure = null;
      await copyOff(taken);
      const deleted = pruneBackups(backups.directory, backups.dialect, keepDays, clock());
      log.info(
        { file: taken.path, sizeBytes: taken.sizeBytes, durationMs: Math.round(taken.durationMs), deleted },
        'automatic backup taken',
      );
      plan(DAY_MS);
    } catch (error) {
      if (signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      lastFailure = { at: clock(), message };
      log.warn({ err: error }, 'automatic backup failed; trying again in an hour');
      plan(BACKUP_RETRY_DELAY_MS);
    }
  };

  /** A backup an administrator asked for; kept and pruned as the automatic ones are. */
  const takeAsked = async (signal: AbortSignal): Promise<void> => {
    try {
      const taken = await backups.take({ offThread: true, exclusive: true, signal, onProgress });
      if (!taken) {
        lastFailure = {
          at: clock(),
          message: 'Another server of this site is taking a backup. Try again soon.',
        };
        return;
      }
      lastFailure = null;
      await copyOff(taken);
      const deleted = keepDays > 0 ? pruneBackups(backups.directory, backups.dialect, keepDays, clock()) : [];
      log.info({ file: taken.path, sizeBytes: taken.sizeBytes, deleted }, 'backup taken on request');
    } catch (error) {
      if (signal.aborted) return;
      lastFailure = { at: clock(), message: error instanceof Error ? error.message : String(error) };
      log.warn({ err: error }, 'the backup asked for failed');
    }
  };

  const automatic = async (): Promise<BackupStatus['automatic']> => {
    if (keepDays === 0) {
      return { state: 'off', reason: 'Automatic backups are turned off (BACKUP_KEEP_DAYS=0).' };
    }
    const unavailable = await backups.unavailableReason();
    if (unavailable) return { state: 'unavailable', reason: unavailable };
    return { state: 'on', keepDays, nextAt: nextAt === null ? null : new Date(nextAt).toISOString() };
  };

  const checks = createPeriodicJob({
    name: 'automatic backup',
    run: async () => {
      // One asked for is under way: the newest backup is checked again once it is done.
      if (current) return plan(BACKUP_RETRY_DELAY_MS / 60);
      await begin(check);
    },
    firstDelayMs: clamped(firstDelayMs),
    nextDelayMs: () => delayAfterCheck,
    clock,
    log,
  });

  return {
    start() {
      if (keepDays === 0 || started) return;
      started = true;
      nextAt = clock() + clamped(firstDelayMs);
      void checks.start();
    },
    async stop() {
      const underWay = current;
      underWay?.controller.abort();
      started = false;
      nextAt = null;
      await checks.stop();
      await underWay?.done;
    },
    async status() {
      const latest = backups.latest();
      // A backup made since (by npm run backup, say) makes the failure old news.
      const failure =
        lastFailure && !(latest && Date.parse(latest.takenAt) > lastFailure.at) ? lastFailure : null;
      return {
        automatic: await automatic(),
        directory: shownDirectory(backups.directory),
        latest,
        lastFailure: failure && { at: new Date(failure.at).toISOString(), message: failure.message },
        running: current !== undefined,
        progress: current === undefined ? null : progress,
      };
    },
    async takeNow() {
      if (current) return { state: 'joined' };
      const unavailable = await backups.unavailableReason();
      if (unavailable) return { state: 'unavailable', reason: unavailable };
      // Checked again: the automatic one may have started while the tools were looked up.
      if (current) return { state: 'joined' };
      void begin(takeAsked);
      return { state: 'started' };
    },
  };
}
