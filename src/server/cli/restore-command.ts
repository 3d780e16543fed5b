import path from 'node:path';
import { backupDirectory, databaseTarget } from '../config.ts';
import { restorePostgres } from '../features/backups/postgres-backup.ts';
import { describeRestore } from '../features/backups/restore-summary.ts';
import { restoreSqlite } from '../features/backups/sqlite-restore.ts';
import { describeTarget } from './backup-command.ts';
import { type BackupCommand, fileArguments } from './backup-script.ts';
import { createProgressBar } from './progress-bar.ts';

const RESTORE_CLI_USAGE = `Usage: npm run restore -- <file>
Replaces the database DATABASE_URL names with a backup made by npm run backup (or the daily automatic
one), after checking it. Stop the server first. The database it replaces is kept: beside the SQLite file
as <name>.before-restore-<UTC time>, or on PostgreSQL as a dump in the backups directory.`;

/** npm run restore: checks a backup, replaces the database with it, and says what it did. */
export const runRestoreCommand: BackupCommand = async (argv, config, output, clock = Date.now) => {
  const [file] = fileArguments(argv, RESTORE_CLI_USAGE, { min: 1 }) as [string];
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
};
