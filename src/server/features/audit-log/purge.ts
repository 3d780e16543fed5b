import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/values.ts';
import type { AuditLogRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Erases audit entries older than `keepDays`, at start and then daily. Every instance runs it; erasing
 * what another instance erased is harmless.
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
}) {
  let timer: NodeJS.Timeout | undefined;
  const run = async (): Promise<number> => {
    const purged = await auditLog.purgeBefore(nowIso(() => clock() - keepDays * DAY_MS));
    if (purged > 0) log.info({ purged, keepDays }, 'audit log entries past their keeping time erased');
    return purged;
  };
  const runLogged = () =>
    run().catch((error: unknown) => log.warn({ err: error }, 'the audit log could not be purged'));
  return {
    run,
    async start() {
      if (timer) return;
      await runLogged();
      timer = setInterval(() => void runLogged(), DAY_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export type AuditLogPurge = ReturnType<typeof createAuditLogPurge>;
