import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import {
  BackupError,
  DatabaseInUseError,
  type ProgressListener,
  requireRegularFile,
} from './backup-error.ts';
import { backupDialectOf, compactTimestamp, partialPath, publishFile } from './backup-files.ts';
import { COUNTED_TABLES, type TableCounts } from './restore-summary.ts';
import { compareSchema, type SchemaCheck, schemaRefusal } from './schema-version.ts';

export interface SqliteFileReport {
  schema: SchemaCheck;
  counts: TableCounts;
}

export interface SqliteRestoreReport extends SqliteFileReport {
  /** Where the database that was replaced is kept, or null when there was none. */
  keptAside: { path: string; sizeBytes: number } | null;
  sizeBytes: number;
}

export interface SqliteRestoreOptions {
  /** The backup to restore. */
  file: string;
  /** The live database file (DATABASE_URL), replaced by the backup. */
  filename: string;
  now?: number;
  /** Each step as it starts: copy, check, replace. */
  onStep?: (step: 'copy' | 'check' | 'replace') => void;
  /** Bytes copied. */
  onProgress?: ProgressListener;
}

/**
 * Replaces the SQLite database with a backup, after checking it (a SQLite file that passes PRAGMA
 * integrity_check and whose schema this build knows). Refuses while another process has the database
 * open, and holds it locked until done, so no server starts on it halfway. The replaced database is
 * checkpointed and kept aside as `<name>.before-restore-<UTC time>`.
 */
export async function restoreSqlite({
  file,
  filename,
  now = Date.now(),
  onStep,
  onProgress,
}: SqliteRestoreOptions): Promise<SqliteRestoreReport> {
  checkBackupFile(file, filename);
  const live = path.resolve(filename);
  fs.mkdirSync(path.dirname(live), { recursive: true });
  const lock = fs.existsSync(live) ? lockDatabase(live) : null;
  const incoming = partialPath(live);
  try {
    onStep?.('copy');
    await copyWithProgress(file, incoming, onProgress);
    onStep?.('check');
    const report = inspectSqliteFile(incoming);
    const refusal = schemaRefusal(report.schema);
    if (refusal) throw new BackupError(`${file} cannot be restored. ${refusal}`);

    onStep?.('replace');
    let keptAside: SqliteRestoreReport['keptAside'] = null;
    if (lock) {
      // Copies the write-ahead log into the file and removes it, so the file kept aside is complete.
      if (lock.db) lock.db.pragma('journal_mode = DELETE');
      const aside = freeAsidePath(live, now);
      fs.renameSync(live, aside);
      // A -wal left by a damaged database belongs with it; the -shm index is rebuilt from the -wal.
      if (fs.existsSync(`${live}-wal`)) fs.renameSync(`${live}-wal`, `${aside}-wal`);
      for (const suffix of ['-shm', '-journal']) fs.rmSync(`${live}${suffix}`, { force: true });
      keptAside = { path: aside, sizeBytes: fs.statSync(aside).size };
    }
    try {
      await publishFile(incoming, live);
    } catch (error) {
      // Put the replaced database back rather than leave none.
      if (keptAside && !fs.existsSync(live)) fs.renameSync(keptAside.path, live);
      throw error;
    }
    return { ...report, keptAside, sizeBytes: fs.statSync(live).size };
  } finally {
    for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(`${incoming}${suffix}`, { force: true });
    lock?.db?.close();
  }
}

function checkBackupFile(file: string, filename: string): void {
  requireRegularFile(file);
  if (filename === ':memory:') {
    throw new BackupError('DATABASE_URL names an in-memory database: there is nothing to restore into.');
  }
  if (fs.existsSync(filename) && fs.realpathSync(file) === fs.realpathSync(filename)) {
    throw new BackupError(`${file} is the database itself (DATABASE_URL): give a backup file.`);
  }
  const dialect = backupDialectOf(file);
  if (dialect === 'postgres') {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump archive), but DATABASE_URL names a SQLite database.`,
    );
  }
  if (dialect !== 'sqlite') {
    throw new BackupError(`${file} is not a SQLite database: it cannot be a Sampark backup.`);
  }
}

/**
 * Takes the database for this process alone, or says who has it. In WAL mode every connection keeps a
 * shared lock on the database file while it is open; with locking_mode=EXCLUSIVE this connection asks
 * for an exclusive lock, which SQLite grants only when no other connection, in any process, is open.
 * The operating system drops a crashed process's locks, so a stale lock cannot block a restore.
 * A file SQLite cannot read at all is not in use by a server either: it is replaced without the lock.
 */
function lockDatabase(filename: string): { db: SQLite.Database | null } {
  const db = new SQLite(filename, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return { db };
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new DatabaseInUseError(
        `The database ${filename} is in use by another process (the Sampark server, or npm run backup or ` +
          'admin). Stop the server first (e.g. systemctl stop sampark), then run the restore again.',
      );
    }
    if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return { db: null };
    throw error;
  }
}

async function copyWithProgress(from: string, to: string, onProgress?: ProgressListener): Promise<void> {
  const total = fs.statSync(from).size;
  let done = 0;
  const reader = fs.createReadStream(from, { highWaterMark: 1024 * 1024 });
  reader.on('data', (chunk) => {
    done += chunk.length;
    onProgress?.(done, total);
  });
  await pipeline(reader, fs.createWriteStream(to, { flags: 'wx' }));
}

/**
 * Opens a copied backup, makes it a self-contained file (rollback journal; the server switches it back to
 * WAL when it starts), and checks it: PRAGMA integrity_check, then its schema and row counts.
 */
function inspectSqliteFile(file: string): SqliteFileReport {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`The backup cannot be opened: ${(error as Error).message}.`);
  }
  try {
    let problems: string[];
    try {
      db.pragma('journal_mode = DELETE');
      const rows = db.pragma('integrity_check') as { integrity_check: string }[];
      problems = rows.map((row) => row.integrity_check);
    } catch (error) {
      throw new BackupError(`The backup is damaged: ${(error as Error).message}.`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      // SQLite reports at most 100 problems, some rows holding several lines.
      const found = problems
        .flatMap((row) => row.split('\n'))
        .filter((line) => line && !line.startsWith('***'));
      const count =
        found.length >= 100
          ? '100 or more problems'
          : `${found.length} problem${found.length === 1 ? '' : 's'}`;
      throw new BackupError(
        `The backup is damaged: PRAGMA integrity_check found ${count}, e.g. ${found.slice(0, 3).join('; ')}.`,
      );
    }
    const tables = new Set(
      (db.prepare("select name from sqlite_schema where type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    const applied = tables.has('kysely_migration')
      ? (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
          (row) => row.name,
        )
      : null;
    const counts = COUNTED_TABLES.filter(([table]) => tables.has(table)).map(([table, label]) => ({
      label,
      rows: (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n,
    }));
    return { schema: compareSchema(applied, 'sqlite'), counts };
  } finally {
    db.close();
  }
}

function freeAsidePath(live: string, now: number): string {
  const base = `${live}.before-restore-${compactTimestamp(now)}`;
  for (let sequence = 1; ; sequence++) {
    const candidate = sequence === 1 ? base : `${base}-${sequence}`;
    if (!fs.existsSync(candidate)) return candidate;
  }
}
