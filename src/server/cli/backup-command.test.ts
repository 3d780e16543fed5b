import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/rules/backups.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { captureOutput, seedInquiries, sqliteInquiryCount } from '../test-support/backup-fixtures.ts';
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
} from '../test-support/scratch-postgres.ts';
import { runBackupCommand } from './backup-command.ts';

const NOW = Date.UTC(2026, 10, 25, 10, 15, 0);

describe('npm run backup (SQLite)', () => {
  let dir: string;
  let filename: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-backup-cli-'));
    filename = path.join(dir, 'data', 'sampark.db');
    const database = await openDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(database);
    await seedInquiries(database, 300);
    await database.close();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const config = (env: Record<string, string> = {}) =>
    loadConfig({ DATABASE_URL: `file:${filename}`, ...env });

  it('writes a snapshot into backups/ beside the database, with a progress bar, then its path and size', async () => {
    const output = captureOutput();
    await runBackupCommand([], config(), output, () => NOW);
    const file = path.join(dir, 'data', 'backups', 'sampark-20261125T101500Z.db');
    const size = fs.statSync(file).size;
    expect(output.lines).toEqual([
      `Backing up the SQLite database ${filename} ...`,
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
      config({ BACKUP_DIR: path.join(dir, 'elsewhere') }),
      captureOutput(),
      () => NOW,
    );
    expect(fs.readdirSync(path.join(dir, 'elsewhere'))).toEqual(['sampark-20261125T101500Z.db']);

    const named = path.join(dir, 'before-upgrade.db');
    const output = captureOutput();
    await runBackupCommand([named], config(), output, () => NOW);
    expect(output.lines[1]).toContain(`Backup written: ${named} (`);
    expect(sqliteInquiryCount(named)).toBe(300);

    await runBackupCommand([dir], config(), captureOutput(), () => NOW);
    expect(fs.existsSync(path.join(dir, 'sampark-20261125T101500Z.db'))).toBe(true);
  });

  it('refuses to overwrite, to write into a missing directory or under another extension', async () => {
    const existing = path.join(dir, 'existing.db');
    fs.writeFileSync(existing, 'keep me');
    const cases: [string, string][] = [
      [existing, `${existing} already exists: give a new file name (backups never overwrite).`],
      [path.join(dir, 'missing', 'b.db'), `The directory ${path.join(dir, 'missing')} does not exist.`],
      [path.join(dir, 'b.sqlite'), 'Name the file with .db, e.g. b.db.'],
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
    const missing = path.join(dir, 'nowhere', 'sampark.db');
    await expect(
      runBackupCommand([], loadConfig({ DATABASE_URL: `file:${missing}` }), captureOutput()),
    ).rejects.toThrow(`There is no database at ${missing}: nothing to back up.`);
    expect(fs.existsSync(missing)).toBe(false);
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL)('npm run backup (PostgreSQL)', () => {
  let scratch: ScratchPostgresDatabase;
  let dir: string;
  beforeEach(async () => {
    scratch = await createScratchPostgresDatabase('sampark_backup_cli');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-backup-cli-'));
    const database = await openDatabase({ dialect: 'postgres', url: scratch.url });
    await migrateToLatest(database);
    await database.close();
  });
  afterEach(async () => {
    await scratch.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

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
