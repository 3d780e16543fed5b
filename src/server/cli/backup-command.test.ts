import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/rules/backups.ts';
import { loadConfig } from '../config.ts';
import {
  captureOutput,
  sqliteDatabaseForEachTest,
  sqliteInquiryCount,
  withMigratedDatabase,
} from '../test-support/backup-fixtures.ts';
import { scratchPostgresForEachTest } from '../test-support/scratch-postgres.ts';
import { runBackupCommand } from './backup-command.ts';

const NOW = Date.UTC(2026, 10, 25, 10, 15, 0);

describe('npm run backup (SQLite)', () => {
  const sqlite = sqliteDatabaseForEachTest('sampark-backup-cli-', 300);

  const config = (env: Record<string, string> = {}) =>
    loadConfig({ DATABASE_URL: `file:${sqlite.filename}`, ...env });

  it('writes a snapshot into backups/ beside the database, with a progress bar, then its path and size', async () => {
    const output = captureOutput();
    await runBackupCommand([], config(), output, () => NOW);
    const file = path.join(sqlite.dir, 'data', 'backups', 'sampark-20261125T101500Z.db');
    const size = fs.statSync(file).size;
    expect(output.lines).toEqual([
      `Backing up the SQLite database ${sqlite.filename} ...`,
      expect.stringMatching(/^Backup written: .+ \(.+\) in \d+\.\d s$/),
    ]);
    expect(output.lines[1]).toContain(`Backup written: ${file} (${formatBytes(size)}) in `);
    const pages = size / 4096;
    expect(output.progressText()).toContain(`100% | ${pages}/${pages} pages`);
    expect(sqliteInquiryCount(file)).toBe(300);

    // A second one in the same second gets a name of its own; nothing is overwritten.
    await runBackupCommand([], config(), captureOutput(), () => NOW);
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual([
      'sampark-20261125T101500Z-2.db',
      'sampark-20261125T101500Z.db',
    ]);
  });

  it('writes to BACKUP_DIR, or to the file or directory given', async () => {
    await runBackupCommand(
      [],
      config({ BACKUP_DIR: path.join(sqlite.dir, 'elsewhere') }),
      captureOutput(),
      () => NOW,
    );
    expect(fs.readdirSync(path.join(sqlite.dir, 'elsewhere'))).toEqual(['sampark-20261125T101500Z.db']);

    const named = path.join(sqlite.dir, 'before-upgrade.db');
    const output = captureOutput();
    await runBackupCommand([named], config(), output, () => NOW);
    expect(output.lines[1]).toContain(`Backup written: ${named} (`);
    expect(sqliteInquiryCount(named)).toBe(300);

    await runBackupCommand([sqlite.dir], config(), captureOutput(), () => NOW);
    expect(fs.existsSync(path.join(sqlite.dir, 'sampark-20261125T101500Z.db'))).toBe(true);
  });

  it('refuses to overwrite, to write into a missing directory or under another extension', async () => {
    const existing = path.join(sqlite.dir, 'existing.db');
    fs.writeFileSync(existing, 'keep me');
    const cases: [string, string][] = [
      [existing, `${existing} already exists: give a new file name (backups never overwrite).`],
      [
        path.join(sqlite.dir, 'missing', 'b.db'),
        `The directory ${path.join(sqlite.dir, 'missing')} does not exist.`,
      ],
      [path.join(sqlite.dir, 'b.sqlite'), 'Name the file with .db, e.g. b.db.'],
    ];
    for (const [argument, message] of cases) {
      await expect(runBackupCommand([argument], config(), captureOutput())).rejects.toThrow(message);
    }
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    await expect(runBackupCommand(['a.db', 'b.db'], config(), captureOutput())).rejects.toThrow(
      /^Usage: npm run backup/,
    );
  });

  it('says so when there is no database, without creating one', async () => {
    const missing = path.join(sqlite.dir, 'nowhere', 'sampark.db');
    await expect(
      runBackupCommand([], loadConfig({ DATABASE_URL: `file:${missing}` }), captureOutput()),
    ).rejects.toThrow(`There is no database at ${missing}: nothing to back up.`);
    expect(fs.existsSync(missing)).toBe(false);
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL)('npm run backup (PostgreSQL)', () => {
  const scratch = scratchPostgresForEachTest('sampark_backup_cli');
  let dir: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-backup-cli-'));
    await withMigratedDatabase({ dialect: 'postgres', url: scratch.url });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a pg_dump archive, counting tables as it goes', async () => {
    const output = captureOutput();
    const config = loadConfig({ DATABASE_URL: scratch.url, BACKUP_DIR: dir });
    await runBackupCommand([], config, output, () => NOW);
    const file = path.join(dir, 'sampark-20261125T101500Z.dump');
    expect(output.lines).toEqual([
      `Backing up the PostgreSQL database ${scratch.url} ...`,
      expect.stringContaining(`Backup written: ${file} (${formatBytes(fs.statSync(file).size)}) in `),
    ]);
    expect(output.progressText()).toMatch(/100% \| (\d+)\/\1 tables/);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');
  });
});
