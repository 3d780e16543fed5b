import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { createAuditLogPurge } from './purge.ts';
import { registerAuditRecording } from './recorder.ts';
import { type AuditRecord, createAuditLogRepository } from './repository.ts';
import { auditLogRoutes } from './routes.ts';

/** The audit log (decision 033): who did what in the back office, kept AUDIT_LOG_KEEP_DAYS. */
export function createAuditLogModule({
  db,
  config,
  clock,
  log,
  timeZone,
  inquirySenderNames,
  onRecorded,
}: {
  db: Kysely<DB>;
  config: Pick<Config, 'AUDIT_LOG_KEEP_DAYS'>;
  clock: () => number;
  log: FastifyBaseLogger;
  timeZone: () => Promise<string>;
  /** The log names an inquiry by its sender. */
  inquirySenderNames: (ids: readonly string[]) => Promise<Map<string, string>>;
  /** Told of each entry once it is written (the security notices, decision 051). */
  onRecorded: (entry: AuditRecord) => Promise<void>;
}) {
  const auditLog = createAuditLogRepository(db);
  const keepDays = config.AUDIT_LOG_KEEP_DAYS;
  return {
    auditLog,
    jobs: { auditLogPurge: createAuditLogPurge({ auditLog, keepDays, clock, log }) },
    /** The hook that records each route's audit action: before the routes, so that every route has it. */
    recordRequests(app: FastifyInstance) {
      registerAuditRecording(app, { auditLog, clock, onRecorded });
    },
    async register(app: FastifyInstance) {
      await app.register(encapsulated(auditLogRoutes), { auditLog, keepDays, timeZone, inquirySenderNames });
    },
  };
}
