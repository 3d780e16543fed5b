import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { backupPostgres } from '../features/backups/postgres-backup.ts';
import { backupSqlite } from '../features/backups/sqlite-backup.ts';
import {
  captureOutput,
  postgresArchiveOf,
  readSqlite,
  seedInquiries,
  sqliteInquiryCount,
  withMigratedDatabase,
} from '../test-support/backup-fixtures.ts';
import { scratchPostgresForEachTest } from '../test-support/scratch-postgres.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { runRestoreCommand } from './restore-command.ts';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const KNOWN_MIGRATIONS = Object.keys(migrations('sqlite'));

/** Overwrites half of a page of the file: what a failing disk or a bad copy does to a database. */
function damagePage(file: string, tableOrIndex: string) {
  const { root, pageSize } = readSqlite(file, (db) => ({
    root: db.prepare('select rootpage from sqlite_schema where name = ?').pluck().get(tableOrIndex) as number,
    pageSize: db.pragma('page_size', { simple: true }) as number,
  }));
  const handle = fs.openSync(file, 'r+');
  fs.writeSync(
    handle,
    Buffer.alloc(pageSize / 2, 0x5a),
    0,
    pageSize / 2,
    (root - 1) * pageSize + pageSize / 2,
  );
  fs.closeSync(handle);
}

describe('npm run restore (SQLite)', () => {
  let dir: string;
  let live: string;
  let backup: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-restore-cli-'));
    live = path.join(dir, 'data', 'sampark.db');
    backup = path.join(dir, 'backup.db');
    await withMigratedDatabase({ dialect: 'sqlite', filename: live }, async (database) => {
      await seedInquiries(database, 3, 'Backed up');
      await backupSqlite({ filename: live, destination: backup });
      await seedInquiries(database, 2, 'Later');
    });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const config = () => loadConfig({ DATABASE_URL: `file:${live}` });
  const restore = (file: string) => runRestoreCommand([file], config(), captureOutput(), () => NOW);
  const dataFiles = () => fs.readdirSync(path.dirname(live)).sort();

  it('checks the backup, keeps the replaced database aside and says what it did', async () => {
    const output = captureOutput();
    await runRestoreCommand([backup], config(), output, () => NOW);
    const aside = `${live}.before-restore-20261125T120000Z`;
    expect(output.lines).toEqual([
      `Copying ${backup} beside the database ...`,
      'Checking the copy: PRAGMA integrity_check, schema version ...',
      'Integrity check: ok. Replacing the database ...',
      `Restored ${backup} into SQLite database ${live}: 3 inquiries, 0 contact channels, 0 blog posts, ` +
        `0 members, 0 admins; schema up to date (${KNOWN_MIGRATIONS.length} migrations).`,
      expect.stringMatching(
        new RegExp(
          `^The database it replaced is kept at ${aside} \\(.+\\); delete it once you no longer need it\\.$`,
        ),
      ),
      'Start the server again (e.g. systemctl start sampark).',
    ]);
    expect(output.progressText()).toContain(`100% | ${fs.statSync(backup).size}/`);
    expect(sqliteInquiryCount(live)).toBe(3);
    // The replaced database is whole: its write-ahead log was folded into it first.
    expect(sqliteInquiryCount(aside)).toBe(5);
    expect(dataFiles()).toEqual(['sampark.db', 'sampark.db.before-restore-20261125T120000Z']);
    // The backup file itself is left as it was.
    expect(sqliteInquiryCount(backup)).toBe(3);
  });

  it('restores where there was no database yet', async () => {
    for (const name of fs.readdirSync(path.dirname(live))) fs.rmSync(path.join(path.dirname(live), name));
    const output = captureOutput();
    await runRestoreCommand([backup], config(), output, () => NOW);
    expect(output.lines).toContain('There was no database before: nothing was set aside.');
    expect(sqliteInquiryCount(live)).toBe(3);
  });

  it('refuses a damaged backup and leaves the database as it was', async () => {
    damagePage(backup, 'contact_inquiries_seq');
    // Which of the two an SQLite version reports for the same damage differs (3.54 stops at the first).
    await expect(restore(backup)).rejects.toThrow(
      /^The backup is damaged: (PRAGMA integrity_check found \d+ (problem|problems|or more problems), e\.g\. .*Tree \d+ page \d+|database disk image is malformed\.$)/,
    );
    expect(sqliteInquiryCount(live)).toBe(5);
    expect(dataFiles()).toEqual(['sampark.db']);
  });

  it('refuses a backup made by a newer version of Sampark', async () => {
    const db = new SQLite(backup);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
      '9999_from_the_future',
      new Date(NOW).toISOString(),
    );
    db.close();
    await expect(restore(backup)).rejects.toThrow(
      `${backup} cannot be restored. It was made by a newer version of Sampark (schema 9999_from_the_future ` +
        'is unknown to this one). Upgrade Sampark first, then restore it.',
    );
    expect(sqliteInquiryCount(live)).toBe(5);
    expect(dataFiles()).toEqual(['sampark.db']);
  });

  it('restores a backup of an older version, which the server then brings up to date', async () => {
    const older = path.join(dir, 'older.db');
    const database = await openDatabase({ dialect: 'sqlite', filename: older });
    const previous = KNOWN_MIGRATIONS.at(-2)!;
    const { error } = await new Migrator({
      db: database.db.withoutPlugins() as Kysely<unknown>,
      provider: { getMigrations: async () => migrations('sqlite') },
    }).migrateTo(previous);
    expect(error).toBeUndefined();
    await database.close();

    const output = captureOutput();
    await runRestoreCommand([older], config(), output, () => NOW);
    expect(output.lines[3]).toContain(
      `schema of an older version (${KNOWN_MIGRATIONS.length - 1} of ${KNOWN_MIGRATIONS.length} migrations); ` +
        'the server brings it up to date when it starts.',
    );
    const restored = await openDatabase({ dialect: 'sqlite', filename: live });
    try {
      await migrateToLatest(restored);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(restored.db);
      expect(rows.map((row) => row.name).sort()).toEqual([...KNOWN_MIGRATIONS].sort());
    } finally {
      await restored.close();
    }
  });

  it('refuses what is not a backup of a Sampark SQLite database', async () => {
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a database at all');
    const dump = path.join(dir, 'sampark.dump');
    fs.writeFileSync(dump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(100)]));
    const other = path.join(dir, 'other.db');
    const db = new SQLite(other);
    db.exec('create table notes (body text)');
    db.close();

    await expect(restore(text)).rejects.toThrow(
      `${text} is not a SQLite database: it cannot be a Sampark backup.`,
    );
    await expect(restore(dump)).rejects.toThrow(
      `${dump} is a PostgreSQL backup (pg_dump archive), but DATABASE_URL names a SQLite database.`,
    );
    await expect(restore(other)).rejects.toThrow(
      'It has no Sampark schema version (no kysely_migration table): it is not a backup of a Sampark database.',
    );
    await expect(restore(path.join(dir, 'missing.db'))).rejects.toThrow(
      `There is no file at ${path.join(dir, 'missing.db')}.`,
    );
    await expect(restore(live)).rejects.toThrow('is the database itself (DATABASE_URL): give a backup file.');
    await expect(runRestoreCommand([], config(), captureOutput())).rejects.toThrow(/^Usage: npm run restore/);
    expect(sqliteInquiryCount(live)).toBe(5);
    expect(dataFiles()).toEqual(['sampark.db']);
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL)('npm run restore (PostgreSQL)', () => {
  const scratch = scratchPostgresForEachTest('sampark_restore_cli');
  let dir: string;
  let backup: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-restore-cli-'));
    backup = path.join(dir, 'backup.dump');
    await withMigratedDatabase({ dialect: 'postgres', url: scratch.url }, async (database) => {
      await seedInquiries(database, 3, 'Backed up');
      await backupPostgres({ url: scratch.url, destination: backup });
      await seedInquiries(database, 2, 'Later');
    });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const config = () => loadConfig({ DATABASE_URL: scratch.url, BACKUP_DIR: path.join(dir, 'backups') });
  const restore = (file: string) => runRestoreCommand([file], config(), captureOutput(), () => NOW);
  const inquiryCount = async (url = scratch.url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return Number((await client.query('select count(*) as n from contact_inquiries')).rows[0].n);
    } finally {
      await client.end();
    }
  };

  it('checks the archive, dumps the replaced contents aside and says what it did', async () => {
    const output = captureOutput();
    await runRestoreCommand([backup], config(), output, () => NOW);
    const aside = path.join(dir, 'backups', 'sampark-before-restore-20261125T120000Z.dump');
    expect(output.lines).toEqual([
      `Checking ${backup}: pg_restore --list, schema version ...`,
      'The archive is readable. Dumping the current contents aside (pg_dump) ...',
      'Restoring it in one transaction (pg_restore | psql) ...',
      `Restored ${backup} into PostgreSQL database ${scratch.url}: 3 inquiries, 0 contact channels, ` +
        `0 blog posts, 0 members, 0 admins; schema up to date (${KNOWN_MIGRATIONS.length} migrations).`,
      expect.stringMatching(/^The database it replaced is kept at .+\.dump \(.+\); delete it once/),
      'Start the server again (e.g. systemctl start sampark).',
    ]);
    expect(output.lines[4]).toContain(aside);
    expect(await inquiryCount()).toBe(3);

    // What was set aside restores the database as it was.
    await runRestoreCommand([aside], config(), captureOutput(), () => NOW + 1_000);
    expect(await inquiryCount()).toBe(5);
  });

  it('refuses while a Sampark server is connected', async () => {
    const database = await openDatabase({ dialect: 'postgres', url: scratch.url });
    let app: FastifyInstance | undefined;
    try {
      app = await buildTestApp(database, { BACKUP_KEEP_DAYS: '0' });
      await app.ready();
      await expect(restore(backup)).rejects.toThrow(
        /^A Sampark server is connected to this database \(\d+ connections?\)\. Stop every server first \(e\.g\. systemctl stop sampark\), then run the restore again\.$/,
      );
    } finally {
      await app?.close();
      await database.close();
    }
    expect(await inquiryCount()).toBe(5);
    expect(fs.existsSync(path.join(dir, 'backups'))).toBe(false);
  });

  it('rolls back a restore that fails halfway, leaving the database as it was', async () => {
    // An archive whose table of contents reads fine but whose inquiry data is damaged.
    const damaged = path.join(dir, 'damaged.dump');
    await postgresArchiveOf('sampark_restore_big', damaged, (database) => seedInquiries(database, 3_000));
    const bytes = fs.readFileSync(damaged);
    // The table of contents (every table and index) fills the first half or so of this archive; the
    // inquiries' rows most of the rest.
    bytes.fill(0x5a, Math.floor(bytes.length * 0.8), Math.floor(bytes.length * 0.8) + 4096);
    fs.writeFileSync(damaged, bytes);

    await expect(restore(damaged)).rejects.toThrow(
      /^The restore failed and was rolled back; the database is as it was\. /,
    );
    expect(await inquiryCount()).toBe(5);
  });

  it('refuses an archive of a newer version, or of another database kind', async () => {
    const newer = path.join(dir, 'newer.dump');
    await postgresArchiveOf('sampark_restore_future', newer, (database) =>
      sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ${new Date(NOW).toISOString()})`.execute(
        database.db,
      ),
    );
    await expect(restore(newer)).rejects.toThrow(
      'It was made by a newer version of Sampark (schema 9999_from_the_future is unknown to this one).',
    );

    const sqliteFile = path.join(dir, 'sampark.db');
    fs.writeFileSync(sqliteFile, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(100)]));
    await expect(restore(sqliteFile)).rejects.toThrow(
      `${sqliteFile} is a SQLite backup, but DATABASE_URL names a PostgreSQL database.`,
    );
    expect(await inquiryCount()).toBe(5);
  });
});
