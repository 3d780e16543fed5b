import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { BackupError, type ProgressListener } from './backup-error.ts';
import { partialPath, publishFile } from './backup-files.ts';

/** Pages copied per step: 4 MB at SQLite's default page size, a few milliseconds of work. */
const SQLITE_PAGES_PER_STEP = 1024;

export interface SqliteBackupOptions {
  /** The live database file. */
  filename: string;
  /** The backup file to create; it must not exist. */
  destination: string;
  onProgress?: ProgressListener;
  /** Called once the snapshot is fixed: the backup holds every commit made before this moment. */
  onSnapshot?: () => void;
  pagesPerStep?: number;
  signal?: AbortSignal;
}

export interface SqliteBackupResult {
  pages: number;
  sizeBytes: number;
}

/**
 * Copies a consistent snapshot of a live SQLite database with the online backup API, while the server
 * goes on writing. The copy reads through a connection of its own that holds one read transaction from
 * start to end: in WAL mode that fixes the snapshot without blocking writers, and the backup is never
 * restarted by their commits (with a transaction per step it restarts after every commit of another
 * connection, and under steady writes never finishes: decision 017). The file appears under its final
 * name only once complete and synced.
 */
export async function backupSqlite({
  filename,
  destination,
  onProgress,
  onSnapshot,
  pagesPerStep = SQLITE_PAGES_PER_STEP,
  signal,
}: SqliteBackupOptions): Promise<SqliteBackupResult> {
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists.`);
  const source = openExisting(filename);
  const partial = partialPath(destination);
  try {
    source.pragma('busy_timeout = 5000');
    source.exec('BEGIN');
    source.prepare('select count(*) from sqlite_schema').get();
    onSnapshot?.();
    const result = await source.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        if (signal?.aborted) throw new BackupError('The backup was stopped.');
        onProgress?.(totalPages - remainingPages, totalPages);
        return pagesPerStep;
      },
    });
    source.exec('COMMIT');
    selfContained(partial);
    onProgress?.(result.totalPages, result.totalPages);
    await publishFile(partial, destination);
    return { pages: result.totalPages, sizeBytes: fs.statSync(destination).size };
  } catch (error) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${partial}${suffix}`, { force: true });
    throw error;
  } finally {
    source.close();
  }
}

/**
 * The copy carries the live database's WAL mode in its header; a backup should be one file that opens
 * anywhere without leaving -wal and -shm files beside it, so it is switched to a rollback journal.
 */
function selfContained(file: string): void {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

function openExisting(filename: string): SQLite.Database {
  try {
    return new SQLite(filename, { fileMustExist: true });
  } catch (error) {
    if (!fs.existsSync(filename)) {
      throw new BackupError(`There is no database at ${path.resolve(filename)}: nothing to back up.`);
    }
    throw error;
  }
}
