import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDirectory, type Config, databaseTarget } from '../config.ts';
import { BackupError } from '../features/backups/backup-error.ts';
import { restorePostgres } from '../features/backups/postgres-backup.ts';
import { describeRestore } from '../features/backups/restore-summary.ts';
import { CopyError, decryptCopy, isAgeFile } from '../features/backups/s3-copies.ts';
import { restoreSqlite } from '../features/backups/sqlite-restore.ts';
import { describeTarget } from './backup-command.ts';
import type { BackupCommand, CommandOutput } from './backup-script.ts';
import { createProgressBar } from './progress-bar.ts';

const RESTORE_CLI_USAGE = `Usage: npm run restore -- <file> [--identity <age identity file>]
Replaces the database DATABASE_URL names with a backup made by npm run backup (or the daily automatic
one), after checking it. Stop the server first. The database it replaces is kept: beside the SQLite file
as <name>.before-restore-<UTC time>, or on PostgreSQL as a dump in the backups directory.
A copy from off-machine storage (<name>.age) is decrypted first with --identity, the file age-keygen wrote.`;

/**
 * npm run restore: checks a backup, replaces the database with it, and says what it did. An age-encrypted
 * copy (decision 056) is first decrypted with `--identity` into a private temporary directory, removed after.
 */
export const runRestoreCommand: BackupCommand = async (argv, config, output, clock = Date.now) => {
  let parsed: { positionals: string[]; values: { identity?: string | undefined } };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { identity: { type: 'string' } } });
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${RESTORE_CLI_USAGE}`);
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) throw new BackupError(RESTORE_CLI_USAGE);
  const { identity } = parsed.values;
  // A missing file is the restore's own to report, as before.
  if (!fs.existsSync(file) || !isAgeFile(file)) {
    if (identity) throw new BackupError(`${path.resolve(file)} is not age-encrypted: leave out --identity.`);
    return restoreFile(file, config, output, clock);
  }
  if (!identity) {
    throw new BackupError(
      `${path.resolve(file)} is encrypted (an off-machine copy): give the age identity file that opens it, e.g. npm run restore -- ${path.basename(file)} --identity sampark-backup.key`,
    );
  }
  const privateDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-restore-'));
  try {
    const plain = path.join(privateDirectory, path.basename(file, '.age'));
    output.print(`Decrypting ${path.resolve(file)} with ${path.resolve(identity)} ...`);
    try {
      await decryptCopy({ file, identityFile: identity, destination: plain });
    } catch (error) {
      if (error instanceof CopyError) throw new BackupError(error.message);
      throw error;
    }
    await restoreFile(plain, config, output, clock);
  } finally {
    fs.rmSync(privateDirectory, { recursive: true, force: true });
  }
};

async function restoreFile(file: string, config: Config, output: CommandOutput, clock: () => number) {
  const target = databaseTarget(config.DATABASE_URL);
  const shownFile = path.resolve(file);

  if (target.dialect === 'sqlite') {
    const bar = createProgressBar(output.progress, 'Copy', 'bytes');
    let report: Awaited<ReturnType<typeof restoreSqlite>>;
    try {
      report = await restoreSqlite({
        file,
        filename: target.filename,
        now: clock(),
        onProgress: bar.update,
        onStep: (step) => {
          if (step === 'copy') output.print(`Copying ${shownFile} beside the database ...`);
          if (step === 'check') {
            bar.stop();
            output.print('Checking the copy: PRAGMA integrity_check, schema version ...');
          }
          if (step === 'replace') output.print('Integrity check: ok. Replacing the database ...');
        },
      });
    } finally {
      bar.stop();
    }
    for (const line of describeRestore(shownFile, describeTarget(target), report)) output.print(line);
    return;
  }

  const report = await restorePostgres({
    url: target.url,
    file,
    backupDirectory: backupDirectory(config, target),
    now: clock(),
    onStep: (step) => {
      if (step === 'check') output.print(`Checking ${shownFile}: pg_restore --list, schema version ...`);
      if (step === 'keep')
        output.print('The archive is readable. Dumping the current contents aside (pg_dump) ...');
      if (step === 'replace') output.print('Restoring it in one transaction (pg_restore | psql) ...');
    },
  });
  for (const line of describeRestore(shownFile, describeTarget(target), report)) output.print(line);
}
