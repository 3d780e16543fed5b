/**
 * Runs backupSqlite on a worker thread for the server: the copy, and above all the final sync of a large
 * file (most of a second for 450 MB here), would otherwise stop every request while they last.
 * Protocol: workerData is the options; 'abort' stops it; the worker posts progress, then done or failed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BackupError } from './backup-error.ts';
import { backupSqlite, type SqliteBackupOptions } from './sqlite-backup.ts';

export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; pages: number; sizeBytes: number }
  | { type: 'failed'; message: string; expected: boolean };

const port = parentPort;
if (!port) throw new Error('sqlite-backup-worker runs as a worker thread');
const controller = new AbortController();
port.on('message', (message) => {
  if (message === 'abort') controller.abort();
});
const post = (message: WorkerMessage) => port.postMessage(message);
const options = workerData as Pick<SqliteBackupOptions, 'filename' | 'destination' | 'pagesPerStep'>;
try {
  const result = await backupSqlite({
    ...options,
    signal: controller.signal,
    onProgress: (done, total) => post({ type: 'progress', done, total }),
  });
  post({ type: 'done', ...result });
} catch (error) {
  post({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
    expected: error instanceof BackupError,
  });
} finally {
  port.close();
}
