import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach } from 'vitest';
import type { CommandOutput } from '../cli/backup-script.ts';
import type { DatabaseTarget } from '../config.ts';
import { type Database, migrateToLatest, openDatabase } from '../db/database.ts';
import { backupPostgres } from '../features/backups/postgres-backup.ts';
import { createScratchPostgresDatabase } from './scratch-postgres.ts';
import { storedInquiry } from './test-app.ts';

/** Inserts `count` inquiries in one transaction, in batches of 500 rows. */
export async function seedInquiries(database: Database, count: number, label = 'Seeded'): Promise<void> {
  const createdAt = new Date().toISOString();
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) =>
        storedInquiry(createdAt, { query: `${label} inquiry ${start + i} about a broken router in Pune` }),
      );
      await trx.insertInto('contactInquiries').values(rows).execute();
    }
  });
}

/** Opens the database at `target` (a SQLite file is made), migrates it, lets `fill` write to it, closes it. */
export async function withMigratedDatabase(
  target: DatabaseTarget,
  fill: (database: Database) => Promise<unknown> = async () => {},
): Promise<void> {
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database);
    await fill(database);
  } finally {
    await database.close();
  }
}

/**
 * For each test of the calling suite: a temporary directory (named from `prefix`) holding a migrated SQLite
 * database with `inquiries` inquiries at data/sampark.db, removed after the test. Read it inside tests.
 */
export function sqliteDatabaseForEachTest(
  prefix: string,
  inquiries: number,
): { dir: string; filename: string } {
  let dir = '';
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    await withMigratedDatabase(
      { dialect: 'sqlite', filename: path.join(dir, 'data', 'sampark.db') },
      (database) => seedInquiries(database, inquiries),
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    get filename() {
      return path.join(dir, 'data', 'sampark.db');
    },
  };
}

/**
 * A pg_dump archive at `destination` of a scratch PostgreSQL database (named from `prefix`) that `fill`
 * wrote to once it was migrated.
 */
export async function postgresArchiveOf(
  prefix: string,
  destination: string,
  fill: (database: Database) => Promise<unknown>,
): Promise<void> {
  const scratch = await createScratchPostgresDatabase(prefix);
  await withMigratedDatabase({ dialect: 'postgres', url: scratch.url }, fill);
  await backupPostgres({ url: scratch.url, destination });
}

/**
 * Reads a SQLite file on a connection of its own. Not a read-only one: on a database in WAL mode that
 * would leave -wal and -shm files behind, which a read-write connection removes when it closes.
 */
export function readSqlite<T>(filename: string, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(filename, { fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function sqliteInquiryCount(filename: string): number {
  return readSqlite(
    filename,
    (db) => db.prepare('select count(*) from contact_inquiries').pluck().get() as number,
  );
}

/** A command's output as an operator sees it: its printed lines, and what the progress bar wrote. */
export function captureOutput(): CommandOutput & { lines: string[]; progressText(): string } {
  const lines: string[] = [];
  const progress = new PassThrough();
  let written = '';
  progress.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  return {
    lines,
    print: (line) => lines.push(line),
    progress,
    progressText: () => written,
  };
}
