import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { missingTools, serverMajorVersion } from '../features/backups/postgres-tools.ts';
import { backupSqlite } from '../features/backups/sqlite-backup.ts';
import {
  seedInquiries,
  sqliteDatabaseForEachTest,
  sqliteInquiryCount,
} from '../test-support/backup-fixtures.ts';
import { scratchPostgresForEachTest } from '../test-support/scratch-postgres.ts';
import { buildTestApp } from '../test-support/test-app.ts';

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command as `npm run backup` / `npm run restore` would, from the sources, in a process of its own. */
function runCli(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.resolve(`src/server/cli/${command}.ts`), ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

describe('the backup and restore commands (SQLite)', () => {
  const sqlite = sqliteDatabaseForEachTest('sampark-cli-', 50);

  it('back up with a progress bar on standard error and the file on standard output', async () => {
    const result = await runCli('backup', [], { DATABASE_URL: `file:${sqlite.filename}` });
    expect(result.stderr).toMatch(/Backup \[.+\] 100% \| (\d+)\/\1 pages/);
    expect(result.code).toBe(0);
    const written = /^Backup written: (\S+) \((.+)\) in \d+\.\d s$/m.exec(result.stdout);
    expect(written?.[1]).toMatch(
      new RegExp(`^${path.join(sqlite.dir, 'data', 'backups')}/sampark-\\d{8}T\\d{6}Z\\.db$`),
    );
    expect(sqliteInquiryCount(written![1]!)).toBe(50);
  });

  it('stop on a wrong setting with a message naming it', async () => {
    const result = await runCli('backup', [], {
      DATABASE_URL: 'mysql://localhost/sampark',
      BACKUP_KEEP_DAYS: 'often',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('DATABASE_URL: must be file:<path> for SQLite or a postgres:// URL');
    expect(result.stderr).toContain('BACKUP_KEEP_DAYS: ');
    expect(result.stdout).toBe('');
  });

  it('refuse to restore while the server has the database open, and restore once it is stopped', async () => {
    const backup = path.join(sqlite.dir, 'backup.db');
    await backupSqlite({ filename: sqlite.filename, destination: backup });

    const database = await openDatabase({ dialect: 'sqlite', filename: sqlite.filename });
    const app = await buildTestApp(database, { BACKUP_KEEP_DAYS: '0' });
    await app.ready();
    await seedInquiries(database, 5, 'While running');
    const refused = await runCli('restore', [backup], { DATABASE_URL: `file:${sqlite.filename}` });
    await app.close();
    await database.close();
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `The database ${sqlite.filename} is in use by another process (the Sampark server, or npm run backup or admin). ` +
        'Stop the server first (e.g. systemctl stop sampark), then run the restore again.',
    );
    expect(sqliteInquiryCount(sqlite.filename)).toBe(55);

    const restored = await runCli('restore', [backup], { DATABASE_URL: `file:${sqlite.filename}` });
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      `Restored ${backup} into SQLite database ${sqlite.filename}: 50 inquiries`,
    );
    expect(restored.stdout).toMatch(
      /The database it replaced is kept at \S+\.before-restore-\d{8}T\d{6}Z \(/,
    );
    expect(sqliteInquiryCount(sqlite.filename)).toBe(50);
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL)('the backup command without usable PostgreSQL tools', () => {
  const scratch = scratchPostgresForEachTest('sampark_backup_tools');
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-cli-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('says exactly what to install when pg_dump is missing or too old', async () => {
    const serverMajor = await serverMajorVersion(scratch.url);
    const missing = await runCli('backup', [], {
      DATABASE_URL: scratch.url,
      BACKUP_DIR: dir,
      PATH: path.join(dir, 'no-tools'),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `pg_dump is not installed. Install the PostgreSQL ${serverMajor} client tools: ` +
        `apt-get install postgresql-client-${serverMajor} on Debian or Ubuntu`,
    );
    expect(fs.readdirSync(dir)).toEqual([]);

    // An old client first on PATH, as after a server upgrade.
    const tools = path.join(dir, 'old-tools');
    fs.mkdirSync(tools);
    fs.writeFileSync(path.join(tools, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', {
      mode: 0o755,
    });
    expect(await missingTools(scratch.url, ['pg_dump'], { PATH: `${tools}:${process.env.PATH}` })).toBe(
      `pg_dump 9 is older than the PostgreSQL ${serverMajor} server. Install the version ${serverMajor} client ` +
        `tools (apt-get install postgresql-client-${serverMajor} on Debian or Ubuntu (from the PostgreSQL apt ` +
        'repository, https://www.postgresql.org/download/linux/, when the release does not carry that version), ' +
        'or the client package of that version on other systems) and put them first on PATH.',
    );
    expect(await missingTools(scratch.url, ['pg_dump', 'pg_restore', 'psql'])).toBeNull();
  });
});
