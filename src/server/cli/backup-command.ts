import fs from 'node:fs';
import path from 'node:path';
import { formatBytes } from '../../shared/rules/backups.ts';
import { backupDirectory, type DatabaseTarget, databaseTarget } from '../config.ts';
import { BackupError } from '../features/backups/backup-error.ts';
import { BACKUP_EXTENSIONS, backupFileName } from '../features/backups/backup-files.ts';
import { createBackupService } from '../features/backups/backup-service.ts';
import { type BackupCommand, fileArguments } from './backup-script.ts';
import { createProgressBar } from './progress-bar.ts';

const BACKUP_CLI_USAGE = `Usage: npm run backup -- [<file or directory>]
Writes a consistent snapshot of the database DATABASE_URL names, while the site keeps running: SQLite
with its online backup API, PostgreSQL with pg_dump (custom format). By default the file goes to the
backups directory (BACKUP_DIR, else "backups" beside the SQLite file, else ./data/backups) as
sampark-<UTC time>.db or .dump.`;

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
  const [file] = fileArguments(argv, BACKUP_CLI_USAGE);
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
};
