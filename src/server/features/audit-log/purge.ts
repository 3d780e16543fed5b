import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '../../../shared/time.ts';
import { nowIso } from '../../db/values.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import type { AuditLogRepository } from './repository.ts';

/**
 * Erases audit entries older than `keepDays`, at start and then daily; a run resolves with how many it
 * erased. Every instance runs it; erasing what another instance erased is harmless.
 */
export function createAuditLogPurge({
  auditLog,
  keepDays,
  clock,
  log,
}: {
  auditLog: Pick<AuditLogRepository, 'purgeBefore'>;
  keepDays: number;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): PeriodicJob<number> {
  return createPeriodicJob({
    name: 'audit log purge',
    run: async () => {
      const purged = await auditLog.purgeBefore(nowIso(() => clock() - keepDays * DAY_MS));
      if (purged > 0) log.info({ purged, keepDays }, 'audit log entries past their keeping time erased');
      return purged;
    },
    nextDelayMs: () => DAY_MS,
    clock,
    log,
  });
}
