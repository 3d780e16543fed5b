import type { FastifyBaseLogger } from 'fastify';
import { DELETION_RETENTION_DAYS } from '../../../shared/rules/account-deletion.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { nowIso } from '../../db/values.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import type { MemberRepository } from './repository.ts';

/**
 * What the deletion page promises: a deleted member's tombstone and audit entries are kept for at most
 * DELETION_RETENTION_DAYS, then erased for good. The purge runs at start and daily; after each run it
 * also wakes up when the oldest kept deletion reaches its limit, if that comes before the next day, so
 * nothing outlives the promise by up to a day. A run resolves with how many members it erased. Every
 * instance runs it; erasing what is gone is harmless.
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
}): PeriodicJob<number> {
  const retentionMs = retentionDays * DAY_MS;
  /** When the oldest kept deletion reaches its limit, as the last run found it. */
  let nextExpiry: number | null = null;

  return createPeriodicJob({
    name: 'deleted members purge',
    run: async () => {
      const purged = await members.purgeDeletedBefore(nowIso(() => clock() - retentionMs));
      if (purged > 0) log.info({ purged }, 'deleted members erased after their retention period');
      const oldest = await members.oldestDeletion();
      nextExpiry = oldest === null ? null : Date.parse(oldest) + retentionMs;
      return purged;
    },
    // A day, or less when a kept deletion expires sooner: one millisecond past the limit, so the strict
    // "older than" of the purge includes it.
    nextDelayMs: (now, outcome) =>
      outcome === 'failed' || nextExpiry === null
        ? DAY_MS
        : Math.min(DAY_MS, Math.max(1_000, nextExpiry - now + 1)),
    clock,
    log,
  });
}
