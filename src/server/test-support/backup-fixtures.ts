import { PassThrough } from 'node:stream';
import SQLite from 'better-sqlite3';
import type { CommandOutput } from '../cli/backup-script.ts';
import type { Database } from '../db/database.ts';
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
