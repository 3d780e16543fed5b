import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../shared/time.ts';
import { migrateToLatest } from '../../db/database.ts';
import { openTestDatabase } from '../../test-support/test-app.ts';
import { backupFileName } from './backup-files.ts';
import { BACKUP_FIRST_DELAY_MS, BACKUP_RETRY_DELAY_MS, createBackupSchedule } from './backup-schedule.ts';
import { createBackupService } from './backup-service.ts';

const START = Date.UTC(2026, 10, 25, 3, 0, 0);

interface LogEntry {
  level: 'info' | 'warn';
  message: string;
}

/** The schedule's log, which says when a backup was taken or failed: tests wait for those lines. */
function captureLog() {
  const entries: LogEntry[] = [];
  const waiting: { pattern: RegExp; resolve: (entry: LogEntry) => void }[] = [];
  const write =
    (level: LogEntry['level']) =>
    (first: unknown, second?: unknown): void => {
      const entry = { level, message: String(typeof first === 'string' ? first : second) };
      entries.push(entry);
      for (const waiter of waiting.filter(({ pattern }) => pattern.test(entry.message))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    };
  return {
    entries,
    log: { info: write('info'), warn: write('warn') },
    /** Resolves with the next entry matching `pattern`. */
    next(pattern: RegExp): Promise<LogEntry> {
      return new Promise((resolve) => waiting.push({ pattern, resolve }));
    },
  };
}

describe('the daily automatic backup (SQLite)', () => {
  let filename: string;
  let directory: string;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    // Only the timers and the date are faked: the copy itself runs for real, on its worker thread.
    vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const opened = await openTestDatabase('sqlite');
    await migrateToLatest(opened.database);
    if (opened.database.target.dialect !== 'sqlite') throw new Error('expected SQLite');
    filename = opened.database.target.filename;
    directory = path.join(path.dirname(filename), 'backups');
    dispose = opened.dispose;
  });
  afterEach(async () => {
    vi.useRealTimers();
    await dispose();
  });

  const setup = (keepDays: number) => {
    const backups = createBackupService({ target: { dialect: 'sqlite', filename }, directory });
    const logged = captureLog();
    const schedule = createBackupSchedule({ backups, keepDays, clock: Date.now, log: logged.log });
    return { backups, schedule, logged };
  };
  const files = () => (fs.existsSync(directory) ? fs.readdirSync(directory).sort() : []);
  const nameAt = (ms: number) => backupFileName(ms, 'sqlite');

  it('takes the first backup a minute after start, then one a day, keeping BACKUP_KEEP_DAYS of them', async () => {
    const { schedule, logged } = setup(2);
    schedule.start();
    await vi.advanceTimersByTimeAsync(BACKUP_FIRST_DELAY_MS - 1);
    expect(files()).toEqual([]);

    const first = logged.next(/automatic backup taken/);
    await vi.advanceTimersByTimeAsync(1);
    await first;
    const firstAt = START + BACKUP_FIRST_DELAY_MS;
    expect(files()).toEqual([nameAt(firstAt)]);
    const status = await schedule.status();
    expect(status).toMatchObject({
      automatic: { state: 'on', keepDays: 2, nextAt: new Date(firstAt + DAY_MS).toISOString() },
      directory,
      latest: { fileName: nameAt(firstAt), takenAt: new Date(firstAt).toISOString() },
      lastFailure: null,
      running: false,
    });
    expect(status.latest?.sizeBytes).toBe(fs.statSync(path.join(directory, nameAt(firstAt))).size);

    for (let day = 1; day <= 3; day++) {
      const taken = logged.next(/automatic backup taken/);
      await vi.advanceTimersByTimeAsync(DAY_MS);
      await taken;
    }
    // Days 0 to 3 were taken; by day 3, days 0 and 1 are more than 2 days old.
    expect(files()).toEqual([2, 3].map((day) => nameAt(firstAt + day * DAY_MS)));

    await schedule.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * DAY_MS);
    expect(files()).toHaveLength(2);
    expect(logged.entries.filter((entry) => entry.level === 'warn')).toEqual([]);
  });

  it('does not take another after a restart while the newest backup is less than a day old', async () => {
    const { backups, schedule, logged } = setup(14);
    // Made by npm run backup twenty hours before the start.
    vi.setSystemTime(START - 20 * 60 * 60 * 1000);
    await backups.take();
    vi.setSystemTime(START);
    schedule.start();
    await vi.advanceTimersByTimeAsync(BACKUP_FIRST_DELAY_MS);
    expect(files()).toHaveLength(1);
    // Planned for when that one turns a day old.
    expect((await schedule.status()).automatic).toEqual({
      state: 'on',
      keepDays: 14,
      nextAt: new Date(START + 4 * 60 * 60 * 1000).toISOString(),
    });

    const taken = logged.next(/automatic backup taken/);
    await vi.advanceTimersByTimeAsync(4 * 60 * 60 * 1000 - BACKUP_FIRST_DELAY_MS);
    await taken;
    expect(files()).toEqual([nameAt(START - 20 * 60 * 60 * 1000), nameAt(START + 4 * 60 * 60 * 1000)]);
    await schedule.stop();
  });

  it('shows a failure in Settings and tries again an hour later', async () => {
    const { schedule, logged } = setup(14);
    const moved = `${filename}.away`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(`${filename}${suffix}`)) fs.renameSync(`${filename}${suffix}`, `${moved}${suffix}`);
    }
    schedule.start();
    const failed = logged.next(/automatic backup failed/);
    await vi.advanceTimersByTimeAsync(BACKUP_FIRST_DELAY_MS);
    await failed;
    const failedAt = START + BACKUP_FIRST_DELAY_MS;
    expect(await schedule.status()).toMatchObject({
      latest: null,
      lastFailure: {
        at: new Date(failedAt).toISOString(),
        message: `There is no database at ${path.resolve(filename)}: nothing to back up.`,
      },
      automatic: { state: 'on', nextAt: new Date(failedAt + BACKUP_RETRY_DELAY_MS).toISOString() },
    });

    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(`${moved}${suffix}`)) fs.renameSync(`${moved}${suffix}`, `${filename}${suffix}`);
    }
    const taken = logged.next(/automatic backup taken/);
    await vi.advanceTimersByTimeAsync(BACKUP_RETRY_DELAY_MS);
    await taken;
    expect(await schedule.status()).toMatchObject({
      latest: { fileName: nameAt(failedAt + BACKUP_RETRY_DELAY_MS) },
      lastFailure: null,
    });
    await schedule.stop();
  });

  it('takes none with BACKUP_KEEP_DAYS=0, and Settings says they are off', async () => {
    const { schedule } = setup(0);
    schedule.start();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * DAY_MS);
    expect(files()).toEqual([]);
    expect((await schedule.status()).automatic).toEqual({
      state: 'off',
      reason: 'Automatic backups are turned off (BACKUP_KEEP_DAYS=0).',
    });
    await schedule.stop();
  });
});
