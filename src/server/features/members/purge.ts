import type { FastifyBaseLogger } from 'fastify';
import { DELETION_RETENTION_DAYS } from '../../../shared/rules/account-deletion.ts';
import { nowIso } from '../../db/values.ts';
import type { MemberRepository } from './repository.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface MemberPurge {
  /** Erases the members deleted more than the retention period ago, with their audit entries. */
  run(): Promise<number>;
  /** Runs now, then every day (and sooner when a deleted member's time is up sooner), until stop(). */
  start(): Promise<void>;
  stop(): void;
}

/**
 * What the deletion page promises: a deleted member's tombstone and audit entries are kept for at most
 * DELETION_RETENTION_DAYS, then erased for good. The purge runs at start and daily; after each run it
 * also wakes up when the oldest kept deletion reaches its limit, if that comes before the next day, so
 * nothing outlives the promise by up to a day. Every instance runs it; erasing what is gone is harmless.
 */
export function createMemberPurge({
  members,
  clock,
  log,
  retentionDays = DELETION_RETENTION_DAYS,
}: {
  members: Pick<MemberRepository, 'purgeDeletedBefore' | 'oldestDeletion'>;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  retentionDays?: number;
}): MemberPurge {
  const retentionMs = retentionDays * DAY_MS;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const run = async () => {
    const purged = await members.purgeDeletedBefore(nowIso(() => clock() - retentionMs));
    if (purged > 0) log.info({ purged }, 'deleted members erased after their retention period');
    return purged;
  };

  /** Milliseconds until the next run: a day, or less when a kept deletion expires sooner. */
  const nextDelay = async () => {
    const oldest = await members.oldestDeletion();
    if (oldest === null) return DAY_MS;
    const expiresIn = Date.parse(oldest) + retentionMs - clock();
    // One millisecond past the limit, so the strict "older than" of the purge includes it.
    return Math.min(DAY_MS, Math.max(1_000, expiresIn + 1));
  };

  const tick = async () => {
    let delay = DAY_MS;
    try {
      await run();
      delay = await nextDelay();
    } catch (error) {
      log.warn({ err: error }, 'deleted members could not be purged');
    }
    if (!running) return;
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };

  return {
    run,
    async start() {
      if (running) return;
      running = true;
      await tick();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
