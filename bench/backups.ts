import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { formatBytes } from '../src/shared/rules/backups.ts';
import { openInquiryBenchDatabase, type ScaleDialect, sqliteBenchFile } from './inquiries-scale.ts';
import { clientAddress, inquiryBodies, inquiryPostBody } from './inquiries-write.ts';
import {
  benchEachDialect,
  ensureBuild,
  INQUIRY_LIMITS_LIFTED,
  measureCpuPressure,
  startServer,
  stopProcess,
  UNUSED_ADMIN,
  waitForUrl,
  withPgClient,
} from './lib.ts';

const WORK_DIR = '.tmp/bench/backups';
const LIVE_DATABASE = 'sampark_bench_live';
const RESTORE_DATABASE = 'sampark_bench_restore';
/** Visitors sending the contact form without pause, each waiting for its answer. */
const CONNECTIONS = 16;
/** Inquiries acknowledged before the backup starts, so that the load is steady by then. */
const WARM_UP_ACKS = 3_000;

export interface BackupBenchOptions {
  rows: number;
  reseed: boolean;
  dialects: ScaleDialect[];
}

interface BackupFigures {
  /** Inquiries in the database when the backup started (the seeded ones plus the warm-up). */
  rowsAtStart: number;
  /** Inquiries in the restored database. */
  restoredRows: number;
  databaseBytes: number;
  backupBytes: number;
  /** As the command reports it (its own start to the file in place), and its process from start to exit. */
  backupSeconds: number;
  backupProcessSeconds: number;
  restoreProcessSeconds: number;
  acknowledgedBefore: number;
  acknowledgedDuring: number;
  /** Inquiries acknowledged per second before the backup (the warm-up), and while it ran. */
  ratePerSecondBefore: number;
  ratePerSecondDuring: number;
  /** Inquiries acknowledged before the backup started and not in the restored database: must be 0. */
  missing: number;
  /** Answers other than 201 during the load. */
  failures: number;
}

const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Runs a built command (dist/server/cli) with the given environment; its progress bar shows as it runs. */
function runCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; seconds: number }> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [`dist/server/cli/${command}.js`, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    stdout += chunk;
    process.stdout.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, seconds: seconds(started) }));
  });
}

function waitFor(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve() : setTimeout(check, 50));
    check();
  });
}

/**
 * `npm run backup` of the inbox bench's million inquiries while the production server takes contact-form
 * posts without pause, then `npm run restore` of that file into an empty database, on SQLite and
 * PostgreSQL: the durations and sizes, and the check the issue asks for: every inquiry acknowledged
 * before the backup started is in the restored database.
 */
export async function benchBackups(options: BackupBenchOptions): Promise<{ ok: boolean }> {
  ensureBuild();
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const pressure = measureCpuPressure();
  const results = await benchEachDialect(options.dialects, {
    sqlite: () => benchDialect('sqlite', options),
    postgres: (serverUrl) => benchDialect('postgres', options, serverUrl),
  });
  const busy = pressure();

  console.log(
    `\nBackup under write load (${CONNECTIONS} visitors posting the contact form without pause), then restore`,
  );
  const failures: string[] = [];
  for (const [dialect, f] of Object.entries(results)) {
    console.log(
      `${dialect}: ${fmt(f.rowsAtStart)} inquiries at the start (${formatBytes(f.databaseBytes)}); backup ` +
        `${formatBytes(f.backupBytes)} in ${f.backupSeconds.toFixed(1)} s (process ${f.backupProcessSeconds.toFixed(1)} s); ` +
        `${fmt(f.acknowledgedDuring)} inquiries acknowledged meanwhile ` +
        `(${fmt(f.ratePerSecondDuring)}/s, against ${fmt(f.ratePerSecondBefore)}/s before it); ` +
        `restore ${f.restoreProcessSeconds.toFixed(1)} s; ` +
        `${fmt(f.restoredRows)} inquiries restored; ${fmt(f.acknowledgedBefore)} acknowledged before the backup ` +
        `started, ${fmt(f.missing)} of them missing`,
    );
    if (f.missing > 0)
      failures.push(`${dialect}: ${fmt(f.missing)} acknowledged inquiries are not in the backup`);
    if (f.restoredRows < f.rowsAtStart)
      failures.push(`${dialect}: the backup holds fewer rows than at its start`);
    if (f.failures > 0) failures.push(`${dialect}: ${fmt(f.failures)} posts were not answered 201`);
  }
  if (busy !== undefined) console.log(`CPU pressure during the run: ${(busy * 100).toFixed(0)} %`);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(`\nBENCH_JSON ${JSON.stringify({ bench: 'backups', cpuPressure: busy, ...results })}`);
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  return { ok: failures.length === 0 };
}

interface Target {
  /** DATABASE_URL of the copy the server runs on. */
  liveUrl: string;
  /** DATABASE_URL of the empty database the backup is restored into. */
  restoreUrl: string;
  databaseBytes: number;
  /** The ids of the inquiries in a database. */
  ids(url: string): Promise<Set<string>>;
  dispose(): Promise<void>;
}

async function prepareSqlite(options: BackupBenchOptions): Promise<Target> {
  const { database } = await openInquiryBenchDatabase({ dialect: 'sqlite' }, options.rows, options.reseed);
  await database.close();
  // The server writes: it runs on a copy, and the cached database stays as seeded.
  const live = path.join(WORK_DIR, 'live', 'sampark.db');
  fs.mkdirSync(path.dirname(live), { recursive: true });
  fs.copyFileSync(sqliteBenchFile(options.rows), live);
  const { default: SQLite } = await import('better-sqlite3');
  return {
    liveUrl: `file:${live}`,
    restoreUrl: `file:${path.join(WORK_DIR, 'restored', 'sampark.db')}`,
    databaseBytes: fs.statSync(live).size,
    async ids(url) {
      const db = new SQLite(url.slice('file:'.length), { fileMustExist: true });
      try {
        return new Set(db.prepare('select id from contact_inquiries').pluck().all() as string[]);
      } finally {
        db.close();
      }
    },
    async dispose() {},
  };
}

async function preparePostgres(options: BackupBenchOptions, serverUrl: string): Promise<Target> {
  const { database } = await openInquiryBenchDatabase(
    { dialect: 'postgres', serverUrl },
    options.rows,
    options.reseed,
  );
  await database.close();
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.href;
  };
  return withPgClient(serverUrl, async (admin) => {
    for (const name of [LIVE_DATABASE, RESTORE_DATABASE])
      await admin.query(`drop database if exists ${name} with (force)`);
    // A copy of the seeded database (a file-level copy on the server), so the cached one stays as seeded.
    await admin.query(`create database ${LIVE_DATABASE} template sampark_bench`);
    await admin.query(`create database ${RESTORE_DATABASE}`);
    const size = await admin.query<{ n: string }>('select pg_database_size($1) as n', [LIVE_DATABASE]);
    return {
      liveUrl: urlOf(LIVE_DATABASE),
      restoreUrl: urlOf(RESTORE_DATABASE),
      databaseBytes: Number(size.rows[0]?.n),
      ids: (url) =>
        withPgClient(url, async (client) => {
          const { rows } = await client.query<{ id: string }>('select id from contact_inquiries');
          return new Set(rows.map((row) => row.id));
        }),
      dispose: () =>
        withPgClient(serverUrl, async (client) => {
          for (const name of [LIVE_DATABASE, RESTORE_DATABASE]) {
            await client.query(`drop database if exists ${name} with (force)`);
          }
        }),
    };
  });
}

async function benchDialect(
  dialect: ScaleDialect,
  options: BackupBenchOptions,
  serverUrl?: string,
): Promise<BackupFigures> {
  const target =
    dialect === 'sqlite' ? await prepareSqlite(options) : await preparePostgres(options, serverUrl!);
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const backupDir = path.join(WORK_DIR, `${dialect}-backups`);
  const env = { DATABASE_URL: target.liveUrl, BACKUP_DIR: backupDir, LOG_LEVEL: 'warn' };
  const { child: server, origin: url } = await startServer({
    ...env,
    ...INQUIRY_LIMITS_LIFTED,
    BACKUP_KEEP_DAYS: '0',
    ...UNUSED_ADMIN,
  });
  try {
    await waitForUrl(`${url}/api/health`, 120_000);

    const before: string[] = [];
    let during = 0;
    let failures = 0;
    let phase: 'before' | 'during' | 'after' = 'before';
    const pool = inquiryBodies(1_000);
    let sequence = 0;
    const load = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: 3_600,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            path: '/api/contact-inquiries',
            setupRequest: (request) => {
              const next = sequence++;
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(next) },
                body: inquiryPostBody(pool, next),
              };
            },
            onResponse: (status, body) => {
              if (status !== 201) {
                failures++;
                return;
              }
              if (phase === 'before') before.push((JSON.parse(body) as { data: { _id: string } }).data._id);
              else if (phase === 'during') during++;
            },
          },
        ],
      },
      () => undefined,
    );
    const finished = new Promise((resolve) => load.on('done', resolve));
    const loadStarted = performance.now();
    await waitFor(() => before.length >= WARM_UP_ACKS);
    const warmUpSeconds = seconds(loadStarted);

    console.log(`\n${label}: npm run backup while ${CONNECTIONS} visitors post the contact form`);
    phase = 'during';
    const extension = dialect === 'sqlite' ? 'db' : 'dump';
    const backupFile = path.join(WORK_DIR, `sampark-bench.${extension}`);
    const backup = await runCommand('backup', [backupFile], env);
    phase = 'after';
    load.stop();
    await finished;
    await stopProcess(server);
    if (backup.code !== 0) throw new Error(`npm run backup failed (exit code ${backup.code})`);
    const reported = /in (\d+\.\d) s$/m.exec(backup.stdout);

    console.log(`\n${label}: npm run restore into an empty database`);
    const restore = await runCommand('restore', [backupFile], {
      DATABASE_URL: target.restoreUrl,
      BACKUP_DIR: backupDir,
    });
    if (restore.code !== 0) throw new Error(`npm run restore failed (exit code ${restore.code})`);
    const restored = await target.ids(target.restoreUrl);
    const seeded = options.rows;
    return {
      rowsAtStart: seeded + before.length,
      restoredRows: restored.size,
      databaseBytes: target.databaseBytes,
      backupBytes: fs.statSync(backupFile).size,
      backupSeconds: reported ? Number(reported[1]) : backup.seconds,
      backupProcessSeconds: backup.seconds,
      restoreProcessSeconds: restore.seconds,
      acknowledgedBefore: before.length,
      acknowledgedDuring: during,
      ratePerSecondBefore: before.length / warmUpSeconds,
      ratePerSecondDuring: during / backup.seconds,
      missing: before.filter((id) => !restored.has(id)).length,
      failures,
    };
  } finally {
    await stopProcess(server);
    await target.dispose();
  }
}
