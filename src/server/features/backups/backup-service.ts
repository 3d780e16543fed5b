import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { BackupFile } from '../../../shared/contracts/backups.ts';
import type { DatabaseTarget } from '../../config.ts';
import { BackupError, type ProgressListener } from './backup-error.ts';
import { freeBackupPath, listBackups } from './backup-files.ts';
import { backupPostgres } from './postgres-backup.ts';
import { missingTools } from './postgres-tools.ts';
import { backupSqlite } from './sqlite-backup.ts';
import type { WorkerMessage } from './sqlite-backup-worker.ts';

export interface TakenBackup {
  path: string;
  sizeBytes: number;
  /** When the snapshot was taken (the time in its name). */
  takenAtMs: number;
  durationMs: number;
}

export interface TakeBackupOptions {
  /** The file to write; by default a new `sampark-<UTC time>` file in the backups directory. */
  destination?: string;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** The server: SQLite's copy runs on a worker thread, so requests are not held up by it. */
  offThread?: boolean;
  /**
   * PostgreSQL: take it only if no other instance is taking one (an advisory lock); resolves to null
   * when another one is.
   */
  exclusive?: boolean;
}

export interface BackupService {
  directory: string;
  dialect: DatabaseTarget['dialect'];
  take(options?: TakeBackupOptions): Promise<TakenBackup | null>;
  /** The newest backup in the directory, or null. */
  latest(): BackupFile | null;
  /** Why backups cannot be taken here (in words for Settings), or null when they can. */
  unavailableReason(): Promise<string | null>;
}

/** Checked again after this long, so installing pg_dump shows in Settings without a restart. */
const TOOLS_CHECK_TTL_MS = 5 * 60_000;
const BACKUP_LOCK_KEY = 7_262_017;

export function createBackupService({
  target,
  pgSchema,
  directory,
  clock = Date.now,
}: {
  target: DatabaseTarget;
  /** Set when the app's connection works in a schema of a shared database (tests): no backups then. */
  pgSchema?: string;
  directory: string;
  clock?: () => number;
}): BackupService {
  let toolsChecked: { at: number; reason: string | null } | undefined;

  const unavailableReason = async (): Promise<string | null> => {
    if (target.dialect === 'sqlite') {
      return target.filename === ':memory:'
        ? 'The database is in memory: there is nothing to back up.'
        : null;
    }
    if (pgSchema) return `Backups copy whole databases; this connection works in the schema ${pgSchema}.`;
    if (toolsChecked && clock() - toolsChecked.at < TOOLS_CHECK_TTL_MS) return toolsChecked.reason;
    let reason: string | null;
    try {
      reason = await missingTools(target.url, ['pg_dump']);
    } catch (error) {
      reason = `PostgreSQL did not answer: ${(error as Error).message}`;
    }
    toolsChecked = { at: clock(), reason };
    return reason;
  };

  const take = async (options: TakeBackupOptions = {}): Promise<TakenBackup | null> => {
    const started = performance.now();
    const takenAtMs = clock();
    if (!options.destination) fs.mkdirSync(directory, { recursive: true });
    const destination = options.destination ?? freeBackupPath(directory, takenAtMs, target.dialect);
    let sizeBytes: number;
    if (target.dialect === 'sqlite') {
      const sqliteOptions = { filename: target.filename, destination };
      const run = options.offThread ? backupSqliteOffThread : backupSqlite;
      ({ sizeBytes } = await run({
        ...sqliteOptions,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      }));
    } else {
      const url = target.url;
      const dump = () =>
        backupPostgres({
          url,
          destination,
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      const result = options.exclusive ? await withBackupLock(url, dump) : await dump();
      if (result === null) return null;
      ({ sizeBytes } = result);
    }
    return { path: destination, sizeBytes, takenAtMs, durationMs: performance.now() - started };
  };

  return {
    directory,
    dialect: target.dialect,
    take,
    latest: () => listBackups(directory, target.dialect)[0] ?? null,
    unavailableReason,
  };
}

/** Runs `work` holding an advisory lock no other instance holds; null without running it otherwise. */
async function withBackupLock<T>(url: string, work: () => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: url, application_name: 'sampark-backup' });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      BACKUP_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) return null;
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

/** The worker's module beside this one: .ts when running from source (tests, dev), .js when built. */
function workerScript(): { url: URL; fromSource: boolean } {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  return {
    url: new URL(`./sqlite-backup-worker${extension}`, import.meta.url),
    fromSource: extension === '.ts',
  };
}

function backupSqliteOffThread({
  filename,
  destination,
  onProgress,
  signal,
}: {
  filename: string;
  destination: string;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}): Promise<{ sizeBytes: number }> {
  const { url, fromSource } = workerScript();
  const workerData = { filename, destination };
  // From source, Node cannot load the .ts worker by itself: tsx (a dev dependency) loads it.
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true, workerData },
      )
    : new Worker(url, { workerData });
  worker.unref();
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      action();
    };
    const abort = () => worker.postMessage('abort');
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress?.(message.done, message.total);
      else if (message.type === 'done') settle(() => resolve({ sizeBytes: message.sizeBytes }));
      else
        settle(() =>
          reject(message.expected ? new BackupError(message.message) : new Error(message.message)),
        );
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The backup worker stopped (exit code ${code}) before it finished.`))),
    );
  });
}
