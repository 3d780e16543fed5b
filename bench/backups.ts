import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { backupPostgres, restorePostgres } from '../src/server/features/backups/postgres-backup.ts';
import { backupSqlite } from '../src/server/features/backups/sqlite-backup.ts';
import { restoreSqlite } from '../src/server/features/backups/sqlite-restore.ts';
import { formatBytes } from '../src/shared/backups.ts';
import { openInquiryBenchDatabase, type ScaleDialect, sqliteBenchFile } from './inquiries-scale.ts';
import { createPostgresDatabase, measureCpuPressure } from './lib.ts';

const WORK_DIR = '.tmp/bench/backups';
const RESTORE_DATABASE = 'sampark_bench_restore';

export interface BackupBenchOptions {
  rows: number;
  reseed: boolean;
  dialects: ScaleDialect[];
}

interface BackupFigures {
  rows: number;
  databaseBytes: number;
  backupBytes: number;
  backupSeconds: number;
  restoreSeconds: number;
  /** Restore's steps, in seconds. */
  restoreSteps: Record<string, number>;
  restoredRows: number;
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const fmt = (value: number) => value.toLocaleString('en-US');

function progressBar(label: string, unit: string) {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {duration_formatted}`,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done: number, total: number) {
      if (!started) {
        bar.start(total, done);
        started = true;
      } else bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}

/** Times each step of a restore as it reports them. */
function stepTimer() {
  const steps: Record<string, number> = {};
  let current: { name: string; since: number } | undefined;
  const close = () => {
    if (current) steps[current.name] = seconds(current.since);
  };
  return {
    steps,
    enter(name: string) {
      close();
      current = { name, since: performance.now() };
    },
    finish: close,
  };
}

/**
 * Backup and restore of the inbox bench's million inquiries (the same cached database): SQLite with the
 * online backup API (npm run backup's path) and a restore into a fresh file (copy, PRAGMA integrity_check,
 * replace); PostgreSQL with pg_dump and a restore into an empty database (pg_restore into psql, one
 * transaction). Reported, with no budget: the issue asks for the figures.
 */
export async function benchBackups(options: BackupBenchOptions): Promise<{ ok: boolean }> {
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const results: Partial<Record<ScaleDialect, BackupFigures>> = {};
  const failures: string[] = [];
  const pressure = measureCpuPressure();
  for (const dialect of options.dialects) {
    if (dialect === 'sqlite') {
      results.sqlite = await benchSqlite(options);
    } else {
      const serverUrl = process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
      if (!serverUrl) {
        console.log('\nPostgreSQL skipped: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL.');
        continue;
      }
      results.postgres = await benchPostgres(serverUrl, options);
    }
  }
  const busy = pressure();

  console.log('\nBackups of the inquiry inbox at scale');
  console.log('database     rows        database     backup file   backup s   restore s   restore steps (s)');
  for (const [dialect, figures] of Object.entries(results)) {
    const steps = Object.entries(figures.restoreSteps)
      .map(([step, value]) => `${step} ${value.toFixed(1)}`)
      .join(', ');
    console.log(
      `${dialect.padEnd(12)} ${fmt(figures.rows).padEnd(11)} ${formatBytes(figures.databaseBytes).padEnd(12)} ` +
        `${formatBytes(figures.backupBytes).padEnd(13)} ${figures.backupSeconds.toFixed(1).padStart(8)}   ` +
        `${figures.restoreSeconds.toFixed(1).padStart(9)}   ${steps}`,
    );
    if (figures.restoredRows !== figures.rows) {
      failures.push(
        `${dialect}: the restored database has ${fmt(figures.restoredRows)} inquiries, not ${fmt(figures.rows)}`,
      );
    }
  }
  if (busy !== undefined) console.log(`CPU pressure during the run: ${(busy * 100).toFixed(0)} %`);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(`\nBENCH_JSON ${JSON.stringify({ bench: 'backups', cpuPressure: busy, ...results })}`);
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  return { ok: failures.length === 0 };
}

async function benchSqlite(options: BackupBenchOptions): Promise<BackupFigures> {
  const { database } = await openInquiryBenchDatabase({ dialect: 'sqlite' }, options.rows, options.reseed);
  await database.close();
  const filename = sqliteBenchFile(options.rows);
  const backupFile = path.join(WORK_DIR, 'sampark-bench.db');

  console.log(`\nSQLite: backing up ${filename}`);
  const bar = progressBar('SQLite backup', 'pages');
  let started = performance.now();
  await backupSqlite({ filename, destination: backupFile, onProgress: bar.update });
  bar.stop();
  const backupSeconds = seconds(started);

  const restored = path.join(WORK_DIR, 'restored', 'sampark.db');
  const timer = stepTimer();
  started = performance.now();
  const report = await restoreSqlite({ file: backupFile, filename: restored, onStep: timer.enter });
  timer.finish();
  const restoreSeconds = seconds(started);
  const restoredRows = report.counts.find((count) => count.label === 'inquiries')?.rows ?? 0;
  return {
    rows: options.rows,
    databaseBytes: fs.statSync(filename).size,
    backupBytes: fs.statSync(backupFile).size,
    backupSeconds,
    restoreSeconds,
    restoreSteps: timer.steps,
    restoredRows,
  };
}

async function benchPostgres(serverUrl: string, options: BackupBenchOptions): Promise<BackupFigures> {
  const { database, url } = await openInquiryBenchDatabase(
    { dialect: 'postgres', serverUrl },
    options.rows,
    options.reseed,
  );
  const databaseBytes = Number(
    (
      await database.db
        .selectNoFrom((eb) => eb.fn<string>('pg_database_size', [eb.fn('current_database')]).as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await database.close();
  const backupFile = path.join(WORK_DIR, 'sampark-bench.dump');

  console.log('\nPostgreSQL: backing up the database sampark_bench (pg_dump, custom format)');
  const bar = progressBar('PostgreSQL backup', 'tables');
  let started = performance.now();
  await backupPostgres({ url, destination: backupFile, onProgress: bar.update });
  bar.stop();
  const backupSeconds = seconds(started);

  await createPostgresDatabase(RESTORE_DATABASE, serverUrl, true);
  const restoreUrl = new URL(serverUrl);
  restoreUrl.pathname = `/${RESTORE_DATABASE}`;
  console.log(`PostgreSQL: restoring it into the empty database ${RESTORE_DATABASE}`);
  const timer = stepTimer();
  started = performance.now();
  const report = await restorePostgres({
    url: restoreUrl.href,
    file: backupFile,
    backupDirectory: WORK_DIR,
    onStep: timer.enter,
  });
  timer.finish();
  const restoreSeconds = seconds(started);
  const restoredRows = report.counts.find((count) => count.label === 'inquiries')?.rows ?? 0;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${RESTORE_DATABASE} with (force)`);
  await admin.end();
  return {
    rows: options.rows,
    databaseBytes,
    backupBytes: fs.statSync(backupFile).size,
    backupSeconds,
    restoreSeconds,
    restoreSteps: timer.steps,
    restoredRows,
  };
}
