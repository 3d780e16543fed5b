import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../shared/time.ts';
import {
  backupFileName,
  freeBackupPath,
  listBackups,
  parseBackupFileName,
  pruneBackups,
} from './backup-files.ts';

const NOW = Date.UTC(2026, 10, 25, 3, 0, 0);

describe('backup file names', () => {
  it('carry the UTC moment of the snapshot, to the second, and read back', () => {
    const takenAt = Date.UTC(2026, 10, 25, 10, 15, 0, 734);
    expect(backupFileName(takenAt, 'sqlite')).toBe('sampark-20261125T101500Z.db');
    expect(backupFileName(takenAt, 'postgres', 2)).toBe('sampark-20261125T101500Z-2.dump');
    expect(parseBackupFileName('sampark-20261125T101500Z-2.dump')).toEqual({
      takenAtMs: Date.UTC(2026, 10, 25, 10, 15, 0),
      dialect: 'postgres',
      sequence: 2,
    });
    for (const other of [
      'sampark.db',
      'sampark-20261125T101500Z.db-wal',
      'sampark-before-restore-20261125T101500Z.dump',
      'notes-20261125T101500Z.db',
      '.sampark-20261125T101500Z.db.0a1b2c3d.partial',
    ]) {
      expect(parseBackupFileName(other)).toBeNull();
    }
  });
});

describe('the backups directory', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-backup-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, bytes = 10) => fs.writeFileSync(path.join(dir, name), Buffer.alloc(bytes));
  const backupAgo = (ms: number, dialect: 'sqlite' | 'postgres' = 'sqlite') => {
    const name = backupFileName(NOW - ms, dialect);
    write(name);
    return name;
  };
  const remaining = () => fs.readdirSync(dir).sort();

  it('lists the backups of one database kind, newest first, with their time and size', () => {
    const older = backupAgo(2 * DAY_MS);
    write(backupFileName(NOW - HOUR_MS, 'sqlite'), 4096);
    backupAgo(HOUR_MS / 2, 'postgres');
    write('sampark.db');
    expect(listBackups(dir, 'sqlite')).toEqual([
      {
        fileName: backupFileName(NOW - HOUR_MS, 'sqlite'),
        takenAt: new Date(NOW - HOUR_MS).toISOString(),
        sizeBytes: 4096,
      },
      { fileName: older, takenAt: new Date(NOW - 2 * DAY_MS).toISOString(), sizeBytes: 10 },
    ]);
    expect(listBackups(path.join(dir, 'missing'), 'sqlite')).toEqual([]);
  });

  it('keeps the last BACKUP_KEEP_DAYS days of backups and deletes older ones, nothing else', () => {
    // Daily backups at this hour for the last 20 days, as the schedule takes them.
    const daily = Array.from({ length: 20 }, (_, day) => backupAgo(day * DAY_MS));
    const dumps = [backupAgo(30 * DAY_MS, 'postgres')];
    const others = [
      'sampark.db',
      'sampark.db.before-restore-20260101T000000Z',
      'keep-me-20250101T000000Z.db',
    ];
    for (const name of others) write(name);

    const deleted = pruneBackups(dir, 'sqlite', 14, NOW);
    // Today's and those of the 13 days before it: 14 backups.
    expect(deleted.sort()).toEqual(daily.slice(14).sort());
    expect(remaining()).toEqual([...daily.slice(0, 14), ...dumps, ...others].sort());
  });

  it('never deletes the newest backup, however old', () => {
    const newest = backupAgo(40 * DAY_MS);
    const older = backupAgo(41 * DAY_MS);
    expect(pruneBackups(dir, 'sqlite', 14, NOW)).toEqual([older]);
    expect(remaining()).toEqual([newest]);
  });

  it('clears files left by a backup that crashed, once they are a day old', () => {
    const stale = '.sampark-20261120T030000Z.db.0a1b2c3d.partial';
    const fresh = '.sampark-20261125T025900Z.db.4e5f6a7b.partial';
    write(stale);
    write(fresh);
    fs.utimesSync(path.join(dir, stale), new Date(NOW - 2 * DAY_MS), new Date(NOW - 2 * DAY_MS));
    fs.utimesSync(path.join(dir, fresh), new Date(NOW - HOUR_MS), new Date(NOW - HOUR_MS));
    pruneBackups(dir, 'sqlite', 14, NOW);
    expect(remaining()).toEqual([fresh]);
  });

  it('names a second backup of the same second apart from the first', () => {
    const first = backupAgo(0);
    expect(path.basename(freeBackupPath(dir, NOW, 'sqlite'))).toBe(first.replace('Z.db', 'Z-2.db'));
  });

  it('lists the backups of one second in the order they were taken, newest first: -10 after -9', () => {
    const names = [1, 2, 9, 10].map((sequence) => backupFileName(NOW, 'sqlite', sequence));
    for (const name of names) write(name);
    expect(listBackups(dir, 'sqlite').map(({ fileName }) => fileName)).toEqual(names.reverse());
  });
});
