import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { BACKUP_COPY_LANE, type OutboxPort, PermanentFailure } from '../../outbox/outbox.ts';
import { type BackupCopyOutbox, createBackupCopier } from './backup-copier.ts';
import { createBackupCopyRepository } from './backup-copy-repository.ts';
import { backupCopyRoutes } from './backup-copy-routes.ts';
import { createBackupSchedule } from './backup-schedule.ts';
import { createBackupService } from './backup-service.ts';
import { backupRoutes } from './routes.ts';

/** The outbox as the copies use it: they write their entries in their own lane and handle them. */
type BackupOutbox = BackupCopyOutbox & Pick<OutboxPort<'backup-copy'>, 'handle'>;

export interface BackupsModuleDeps {
  config: Pick<Config, 'BACKUP_KEEP_DAYS' | 'WEBHOOKS_ALLOW_PRIVATE_HTTP'>;
  database: Pick<Database, 'db' | 'target' | 'pgSchema'>;
  /** Where backups are written (backupDirectory in config.ts). */
  directory: string;
  outbox: BackupOutbox;
  /** Tells the administrators of a copy given up, in the transaction that gives it up. */
  onCopyGivenUp: (executor: Executor, failure: { fileName: string; message: string }) => Promise<void>;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** Backups (decision 017): taken daily and on demand, each copied off the machine, encrypted (decision 056). */
export function createBackupsModule(deps: BackupsModuleDeps) {
  const { config, database, clock, log } = deps;
  const backups = createBackupService({
    target: database.target,
    ...(database.pgSchema ? { pgSchema: database.pgSchema } : {}),
    directory: deps.directory,
    clock,
  });
  const copies = createBackupCopyRepository(database.db, clock);
  const rules = { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_HTTP };
  const copier = createBackupCopier({
    db: database.db,
    copies,
    directory: backups.directory,
    rules,
    keepDays: config.BACKUP_KEEP_DAYS,
    // Copies go through the outbox's own lane: a slow bucket holds up no email, push or webhook (decision 056).
    lane: BACKUP_COPY_LANE,
    outbox: deps.outbox,
    permanentFailure: (message) => new PermanentFailure(message),
    onGivenUp: deps.onCopyGivenUp,
    clock,
    log,
  });
  deps.outbox.handle('backup-copy', copier.handler);
  const schedule = createBackupSchedule({
    backups,
    keepDays: config.BACKUP_KEEP_DAYS,
    clock,
    log,
    onTaken: async (taken) => {
      await copier.queue(path.basename(taken.path));
    },
  });
  return {
    /** The automatic backup's checks: a job, though not one tests run through `app.jobs`. */
    schedule,
    async register(app: FastifyInstance) {
      await app.register(encapsulated(backupRoutes), { backups, schedule });
      await app.register(encapsulated(backupCopyRoutes), { copies, copier, backups, rules });
    },
  };
}
