import fs from 'node:fs';
import path from 'node:path';

/** A refusal or failure of a backup or restore, in words for the operator (no stack trace needed). */
export class BackupError extends Error {}

/** A restore refused because the database is open in another process (a running server). */
export class DatabaseInUseError extends BackupError {}

/** Progress of a long step: pages copied (SQLite), tables dumped (PostgreSQL) or bytes copied. */
export type ProgressListener = (done: number, total: number) => void;

/** Refuses a restore whose file does not exist or is not a regular file. */
export function requireRegularFile(file: string): void {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch {
    throw new BackupError(`There is no file at ${path.resolve(file)}.`);
  }
  if (!stats.isFile()) throw new BackupError(`${path.resolve(file)} is not a file.`);
}
