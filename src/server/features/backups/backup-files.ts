import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupFile } from '../../../shared/contracts/backups.ts';
import { DAY_MS } from '../../../shared/time.ts';
import type { Dialect } from '../../db/database.ts';

/** A SQLite backup is a database file; a PostgreSQL one is pg_dump's custom-format archive. */
export const BACKUP_EXTENSIONS: Record<Dialect, string> = { sqlite: '.db', postgres: '.dump' };

/** How each kind of backup begins: a SQLite database file, and pg_dump's custom-format archive. */
const BACKUP_HEADERS: Record<Dialect, Buffer> = {
  sqlite: Buffer.from('SQLite format 3\0', 'latin1'),
  postgres: Buffer.from('PGDMP', 'latin1'),
};

/** Which database a backup file is of, told by its first bytes; undefined when it is of neither. */
export function backupDialectOf(file: string): Dialect | undefined {
  const header = Buffer.alloc(BACKUP_HEADERS.sqlite.length);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, header, 0, header.length, 0);
  } finally {
    fs.closeSync(handle);
  }
  return (Object.keys(BACKUP_HEADERS) as Dialect[]).find((dialect) =>
    header.subarray(0, BACKUP_HEADERS[dialect].length).equals(BACKUP_HEADERS[dialect]),
  );
}

/**
 * `sampark-20261125T101500Z.db`: the UTC moment the snapshot was taken, to the second (`-2`, `-3` when
 * two are taken in the same second). Retention and Settings consider only names of this form.
 */
const BACKUP_NAME = /^sampark-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(\d+))?(\.db|\.dump)$/;

const PARTIAL_NAME = /^\.sampark-.+\.[0-9a-f]{8}\.partial$/;

/** `20261125T101500Z`: a moment in UTC, to the second, usable in a file name. */
export function compactTimestamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

export function backupFileName(takenAtMs: number, dialect: Dialect, sequence = 1): string {
  const suffix = sequence > 1 ? `-${sequence}` : '';
  return `sampark-${compactTimestamp(takenAtMs)}${suffix}${BACKUP_EXTENSIONS[dialect]}`;
}

/** What a backup's name records: its moment, its database kind and its place within that second (1, 2, ...). */
export interface ParsedBackupName {
  takenAtMs: number;
  dialect: Dialect;
  sequence: number;
}

/** What a backup's name records, or null for a name that is not a backup's. */
export function parseBackupFileName(fileName: string): ParsedBackupName | null {
  const match = BACKUP_NAME.exec(fileName);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, sequence, extension] = match;
  const takenAtMs = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  if (Number.isNaN(takenAtMs)) return null;
  return { takenAtMs, dialect: extension === '.db' ? 'sqlite' : 'postgres', sequence: Number(sequence ?? 1) };
}

/**
 * For sort: the newer of two backups' names first; of one second, the later taken (`-2` after none, `-10`
 * after `-9`), which their names' alphabetical order does not give.
 */
export function newestBackupFirst(a: ParsedBackupName, b: ParsedBackupName): number {
  return b.takenAtMs - a.takenAtMs || b.sequence - a.sequence;
}

/** The backups of one database kind in `directory`, newest first; none when the directory is missing. */
export function listBackups(directory: string, dialect: Dialect): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups: (BackupFile & { parsed: ParsedBackupName })[] = [];
  for (const fileName of names) {
    const parsed = parseBackupFileName(fileName);
    if (!parsed || parsed.dialect !== dialect) continue;
    let stats: fs.Stats;
    try {
      stats = fs.statSync(path.join(directory, fileName));
    } catch {
      continue; // deleted meanwhile
    }
    if (!stats.isFile()) continue;
    backups.push({
      fileName,
      takenAt: new Date(parsed.takenAtMs).toISOString(),
      sizeBytes: stats.size,
      parsed,
    });
  }
  backups.sort((a, b) => newestBackupFirst(a.parsed, b.parsed));
  return backups.map(({ parsed: _, ...backup }) => backup);
}

/**
 * Slack on the retention age: the daily schedule fires a few milliseconds either side of whole days, and
 * without it the backup from exactly `keepDays` days ago would be kept on some days and not on others.
 */
const RETENTION_SLACK_MS = 60 * 60 * 1000;

/**
 * Deletes the backups more than `keepDays` days old (less an hour of slack, so a daily schedule keeps
 * `keepDays` of them), except the newest, which is kept whatever its age (a server that was down for a
 * month still has its last backup); and partial files left by a backup that crashed, once a day old.
 * Other files in the directory are never touched. Returns the names deleted.
 */
export function pruneBackups(directory: string, dialect: Dialect, keepDays: number, now: number): string[] {
  const [, ...older] = listBackups(directory, dialect);
  const maxAgeMs = keepDays * DAY_MS - RETENTION_SLACK_MS;
  const deleted: string[] = [];
  for (const backup of older) {
    if (now - Date.parse(backup.takenAt) <= maxAgeMs) continue;
    fs.rmSync(path.join(directory, backup.fileName), { force: true });
    deleted.push(backup.fileName);
  }
  for (const fileName of fs.readdirSync(directory)) {
    if (!PARTIAL_NAME.test(fileName)) continue;
    const file = path.join(directory, fileName);
    if (now - fs.statSync(file).mtimeMs > DAY_MS) fs.rmSync(file, { force: true });
  }
  return deleted;
}

/**
 * A directory as Settings shows it: relative to the server's working directory when inside it
 * (`data/backups`), so answers do not spell out where the installation lives; absolute otherwise.
 */
export function shownDirectory(directory: string): string {
  const relative = path.relative(process.cwd(), directory);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : directory;
}

/** A name for a new backup in `directory` that no file has yet. */
export function freeBackupPath(directory: string, takenAtMs: number, dialect: Dialect): string {
  for (let sequence = 1; ; sequence++) {
    const candidate = path.join(directory, backupFileName(takenAtMs, dialect, sequence));
    if (!fs.existsSync(candidate)) return candidate;
  }
}

/**
 * Where a file is written before it is complete: beside its final path (so the rename is atomic) and
 * under a name neither retention nor Settings takes for a backup.
 */
export function partialPath(finalPath: string): string {
  return path.join(
    path.dirname(finalPath),
    `.${path.basename(finalPath)}.${randomBytes(4).toString('hex')}.partial`,
  );
}

/**
 * Flushes a finished file and its directory entry to disk, then gives it its final name. Asynchronous, so
 * the flush of a large file does not hold up the server's requests.
 */
export async function publishFile(partial: string, finalPath: string): Promise<void> {
  const handle = await fs.promises.open(partial, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (fs.existsSync(finalPath)) throw new Error(`${finalPath} already exists`);
  await fs.promises.rename(partial, finalPath);
  await syncDirectory(path.dirname(finalPath));
}

/** Makes a rename or a new file in `directory` survive a power cut. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
