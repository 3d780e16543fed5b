import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatBytes } from '../../shared/rules/backups.ts';
import { backupDirectory, type Config, type DatabaseTarget, databaseTarget } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { Executor } from '../db/repository-support.ts';
import { nowIso } from '../db/values.ts';
import { createBackupCopyRepository } from '../features/backups/backup-copy-repository.ts';
import { BackupError } from '../features/backups/backup-error.ts';
import { BACKUP_EXTENSIONS, backupFileName } from '../features/backups/backup-files.ts';
import { createBackupService, type TakenBackup } from '../features/backups/backup-service.ts';
import { copyFailureText, pruneRemoteCopies, uploadEncryptedCopy } from '../features/backups/s3-copies.ts';
import { BACKUP_COPY_LANE, writeOutboxEntries } from '../outbox/outbox.ts';
import type { BackupCommand, CommandOutput } from './backup-script.ts';
import { createProgressBar } from './progress-bar.ts';

const BACKUP_CLI_USAGE = `Usage: npm run backup -- [<file or directory>] [--to s3]
Writes a consistent snapshot of the database DATABASE_URL names, while the site keeps running: SQLite
with its online backup API, PostgreSQL with pg_dump (custom format). By default the file goes to the
backups directory (BACKUP_DIR, else "backups" beside the SQLite file, else ./data/backups) as
sampark-<UTC time>.db or .dump.
With off-machine copies set up (Settings → Backups), a backup in the backups directory is queued for the
server to copy; --to s3 encrypts and copies it now, with its progress.`;

/** A database as an operator recognises it: the SQLite file, or the PostgreSQL URL without password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.dialect === 'sqlite') return `SQLite database ${path.resolve(target.filename)}`;
  const url = new URL(target.url);
  url.password = '';
  return `PostgreSQL database ${url.href}`;
}

function explicitDestination(argument: string, target: DatabaseTarget, now: number): string {
  const resolved = path.resolve(argument);
  if (fs.existsSync(resolved) && fs.statSync(resolved).isDirectory()) {
    return path.join(resolved, backupFileName(now, target.dialect));
  }
  if (!fs.existsSync(path.dirname(resolved))) {
    throw new BackupError(`The directory ${path.dirname(resolved)} does not exist.`);
  }
  if (fs.existsSync(resolved)) {
    throw new BackupError(`${resolved} already exists: give a new file name (backups never overwrite).`);
  }
  const extension = BACKUP_EXTENSIONS[target.dialect];
  if (path.extname(resolved) !== extension) {
    throw new BackupError(
      `Name the file with ${extension}, e.g. ${path.basename(resolved, path.extname(resolved))}${extension}.`,
    );
  }
  return resolved;
}

/** npm run backup: takes one backup and says where it went, how large it is and how long it took. */
export const runBackupCommand: BackupCommand = async (argv, config, output, clock = Date.now) => {
  let parsed: { positionals: string[]; values: { to?: string | undefined } };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { to: { type: 'string' } } });
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${BACKUP_CLI_USAGE}`);
  }
  const [file, ...rest] = parsed.positionals;
  if (rest.length > 0 || (parsed.values.to !== undefined && parsed.values.to !== 's3'))
    throw new BackupError(BACKUP_CLI_USAGE);
  const target = databaseTarget(config.DATABASE_URL);
  if (target.dialect === 'sqlite' && target.filename === ':memory:') {
    throw new BackupError('DATABASE_URL names an in-memory database: there is nothing to back up.');
  }
  const backups = createBackupService({ target, directory: backupDirectory(config, target), clock });
  const destination = file ? explicitDestination(file, target, clock()) : undefined;

  output.print(`Backing up the ${describeTarget(target)} ...`);
  const bar = createProgressBar(output.progress, 'Backup', target.dialect === 'sqlite' ? 'pages' : 'tables');
  let taken: Awaited<ReturnType<typeof backups.take>>;
  try {
    taken = await backups.take({ onProgress: bar.update, ...(destination ? { destination } : {}) });
  } finally {
    bar.stop();
  }
  if (!taken) throw new BackupError('The backup was not taken.');
  output.print(
    `Backup written: ${taken.path} (${formatBytes(taken.sizeBytes)}) in ${(taken.durationMs / 1000).toFixed(1)} s`,
  );
  await copyOffMachine({
    config,
    target,
    taken,
    now: parsed.values.to === 's3',
    inBackupsDirectory: !destination,
    output,
    clock,
  });
};

/** Writes a copy and its outbox entry, so the server copies (or tries again) in the lane `backup-copy`. */
async function queueCopy(db: Executor, copyId: string, fileName: string, clock: () => number) {
  await writeOutboxEntries(
    db,
    [{ kind: 'backup-copy', payload: { copyId, fileName }, lane: BACKUP_COPY_LANE }],
    nowIso(clock),
  );
}

/**
 * The backup's copy off the machine (decision 056), when copies are set up: with `now` (--to s3) encrypted and
 * uploaded here with a progress bar, then old copies deleted from the bucket, a failure queued for the server
 * to try again; otherwise queued for the server, for a backup in the backups directory (one written elsewhere
 * is the operator's own).
 */
async function copyOffMachine({
  config,
  target,
  taken,
  now,
  inBackupsDirectory,
  output,
  clock,
}: {
  config: Config;
  target: DatabaseTarget;
  taken: TakenBackup;
  now: boolean;
  inBackupsDirectory: boolean;
  output: CommandOutput;
  clock: () => number;
}): Promise<void> {
  const database = await openDatabase(target);
  try {
    const { db } = database;
    const copies = createBackupCopyRepository(db, clock);
    // A database not yet migrated to 0022 has no destination either.
    const destination = await copies.destination().catch(() => null);
    if (!destination) {
      if (now) {
        throw new BackupError(
          'Off-machine copies are not set up: set them up in Settings → Backups → Off-machine copies first.',
        );
      }
      return;
    }
    const fileName = path.basename(taken.path);
    if (!now) {
      if (!inBackupsDirectory) return;
      await db.transaction().execute(async (trx) => {
        await queueCopy(trx, await copies.createCopy(trx, fileName), fileName, clock);
      });
      output.print(
        'Its copy off the machine is queued: the server encrypts and uploads it (Settings → Backups).',
      );
      return;
    }
    const rules = { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_HTTP };
    output.print(
      `Encrypting it to the age key ${destination.recipient.slice(0, 16)}… and copying it to ${destination.bucket} ...`,
    );
    const bar = createProgressBar(output.progress, 'Copy', 'bytes');
    let uploaded: { location: string; sizeBytes: number };
    try {
      uploaded = await uploadEncryptedCopy({ destination, rules, file: taken.path, onProgress: bar.update });
    } catch (error) {
      bar.stop();
      const message = copyFailureText(error, destination);
      if (!inBackupsDirectory) throw new BackupError(`The copy off the machine failed: ${message}`);
      await db.transaction().execute(async (trx) => {
        const copyId = await copies.createCopy(trx, fileName);
        await copies.copyFailed(trx, copyId, 1, message, false);
        await queueCopy(trx, copyId, fileName, clock);
      });
      throw new BackupError(
        `The copy off the machine failed: ${message}\nThe backup is written; the server tries the copy again (Settings → Backups shows how it goes).`,
      );
    } finally {
      bar.stop();
    }
    const copyId = await db.transaction().execute((trx) => copies.createCopy(trx, fileName));
    await copies.copyDone(copyId, 1, uploaded.location, uploaded.sizeBytes);
    output.print(`Copied, encrypted: ${uploaded.location} (${formatBytes(uploaded.sizeBytes)})`);
    const deleted = await pruneRemoteCopies({
      destination,
      rules,
      keepDays: config.BACKUP_KEEP_DAYS,
      now: clock(),
    });
    if (deleted.length > 0)
      output.print(
        `Deleted ${deleted.length} copies more than ${config.BACKUP_KEEP_DAYS} days old from the bucket.`,
      );
  } finally {
    await database.close();
  }
}
