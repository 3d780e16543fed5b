import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { type Database, migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import type { ContactInquiryCreateInput } from '../src/shared/contracts/contact-inquiry-form.ts';
import { generateInquiries } from './inquiry-generator.ts';
import type { WriteServerReport } from './inquiry-write-server.ts';
import {
  BENCH_DIR,
  INQUIRY_LIMITS_LIFTED,
  measureCpuPressure,
  startServer,
  stopProcess,
  waitForUrl,
} from './lib.ts';

/** The sustained rate of acknowledged inquiries the app's default must keep on the 2-core machine. */
export const INQUIRY_WRITE_BUDGET_PER_SECOND = 1_000;
/** Each setup is warmed up, then loaded ROUNDS times for ROUND_SECONDS (postInRounds). */
export const ROUNDS = 3;
export const ROUND_SECONDS = 4;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
/** Distinct bodies to cycle through; each request also gets its own sequence number in the query. */
const BODY_POOL = 1_000;
/** Client addresses (X-Forwarded-For through a trusted proxy), so the per-IP limit holds as in production. */
const ADDRESS_POOL = 1_000;
const INQUIRY_PATH = '/api/contact-inquiries';

/** PRAGMA synchronous codes. */
const SYNCHRONOUS_NAMES: Record<number, string> = { 0: 'OFF', 1: 'NORMAL', 2: 'FULL', 3: 'EXTRA' };
const FULL = 2;

function synchronousName(code: number): string {
  return SYNCHRONOUS_NAMES[code] ?? `unknown (${code})`;
}

/** Valid contact-form inquiries, as a visitor's browser would send them (no honeypot). */
export function inquiryBodies(count: number, seed = 9_090_909): ContactInquiryCreateInput[] {
  return [...generateInquiries({ rows: count, seed, endMs: Date.UTC(2026, 10, 24) })].map(
    ({ name, phone, email, city, query, service }) => ({ name, phone, email, city, query, service }),
  );
}

/** The JSON body of request `sequence`: a body from the pool, its query made unique by the sequence. */
export function inquiryPostBody(pool: readonly ContactInquiryCreateInput[], sequence: number): string {
  const base = pool[sequence % pool.length]!;
  return JSON.stringify({ ...base, query: `${base.query} (ref ${sequence})` });
}

/** Client address of request `sequence`: one of `ADDRESS_POOL` addresses in 10.0.0.0/8. */
export function clientAddress(sequence: number, pool = ADDRESS_POOL): string {
  const n = (sequence % pool) + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface WriteWindow {
  /** Answers 201. */
  acknowledged: number;
  seconds: number;
  /** Any other answer (status code -> count) and socket errors or timeouts. */
  failures: Record<string, number>;
}

export const perSecond = (windows: readonly WriteWindow[]): number =>
  windows.reduce((sum, w) => sum + w.acknowledged, 0) / windows.reduce((sum, w) => sum + w.seconds, 0);

/** The setups measured in one run: the app before decision 012, plain FULL, and the app as it is. */
export const WRITE_SETUPS = [
  {
    key: 'before',
    column: 'before',
    label: 'before: NORMAL, a commit each',
    env: { BENCH_SQLITE_SYNCHRONOUS: 'normal', BENCH_COMMIT: 'each' },
  },
  { key: 'fullEach', column: 'FULL each', label: 'FULL, a commit each', env: { BENCH_COMMIT: 'each' } },
  { key: 'after', column: 'after', label: 'after: the default', env: {} },
] as const;
export type WriteSetup = (typeof WRITE_SETUPS)[number]['key'];
export type WriteRound = Record<WriteSetup, WriteWindow>;

/** Round `round`'s order: rotated each round, so drift on the shared machine hits every setup alike. */
export function roundOrder<T>(items: readonly T[], round: number): T[] {
  const shift = round % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

export interface WriteSummary {
  perSecond: Record<WriteSetup, number>;
  /** After over before, over all rounds: the change decision 012 makes. */
  ratio: number;
  /** After over before, round by round (the spread). */
  roundRatios: number[];
  /** FULL with a commit each over before: what FULL alone would cost. */
  fullEachRatio: number;
  failures: string[];
}

/** Throughputs, ratios and the budget check of rounds measured in one run. */
export function summariseWrites(
  rounds: readonly WriteRound[],
  budgetPerSecond = INQUIRY_WRITE_BUDGET_PER_SECOND,
): WriteSummary {
  const rates = Object.fromEntries(
    WRITE_SETUPS.map(({ key }) => [key, perSecond(rounds.map((round) => round[key]))]),
  ) as Record<WriteSetup, number>;
  const failures: string[] = [];
  if (!(rates.after >= budgetPerSecond)) {
    failures.push(
      `after: ${rates.after.toFixed(0)} inquiries/s, below the budget of ${budgetPerSecond.toLocaleString('en-US')}/s`,
    );
  }
  for (const { key, label } of WRITE_SETUPS) {
    const counts: Record<string, number> = {};
    for (const round of rounds) {
      for (const [answer, count] of Object.entries(round[key].failures)) {
        counts[answer] = (counts[answer] ?? 0) + count;
      }
    }
    const listed = Object.entries(counts).filter(([, count]) => count > 0);
    if (listed.length > 0) {
      failures.push(
        `${label}: answers other than 201: ${listed.map(([answer, count]) => `${answer} x${count}`).join(', ')}`,
      );
    }
  }
  return {
    perSecond: rates,
    ratio: rates.after / rates.before,
    roundRatios: rounds.map((round) => perSecond([round.after]) / perSecond([round.before])),
    fullEachRatio: rates.fullEach / rates.before,
    failures,
  };
}

/** A server setup of a write bench: its environment on top of the bench's. */
export interface WriteServerSetup {
  key: string;
  column: string;
  label: string;
  env: Readonly<Record<string, string>>;
}

export interface WriteServer<S extends WriteServerSetup = WriteServerSetup> {
  setup: S;
  url: string;
  file: string;
  report: WriteServerReport;
  /** Ids of every inquiry answered 201, warm-up included. */
  acknowledgedIds: string[];
  stop(): Promise<void>;
}

/**
 * The bench's server for `setup` on a new SQLite file in `dir`, migrated beforehand (so that the server's
 * start is the same as any later start) and given what `prepare` writes.
 */
export async function startWriteServer<S extends WriteServerSetup>(
  setup: S,
  dir: string,
  prepare: (database: Database) => Promise<void> = async () => {},
): Promise<WriteServer<S>> {
  const file = path.join(dir, `${setup.key}.db`);
  const reportFile = path.join(dir, `${setup.key}.json`);
  const database = await openDatabase({ dialect: 'sqlite', filename: file });
  await migrateToLatest(database);
  await prepare(database);
  await database.close();
  const { child, origin: url } = await startServer(
    {
      DATABASE_URL: `file:${file}`,
      LOG_LEVEL: 'warn',
      ...INQUIRY_LIMITS_LIFTED,
      WEB_DIST_DIR: path.join(dir, 'no-web-build'),
      BENCH_REPORT_FILE: reportFile,
      ...setup.env,
    },
    { args: ['--import', 'tsx', 'bench/inquiry-write-server.ts'] },
  );
  await waitForUrl(`${url}/api/health`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as WriteServerReport;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= stopProcess(child);
    return stopped;
  };
  return { setup, url, file, report, acknowledgedIds: [], stop };
}

/** Sustained posts for `seconds`; `next` numbers the requests across every window of the run. */
async function postInquiries(
  server: WriteServer,
  seconds: number,
  pool: readonly ContactInquiryCreateInput[],
  next: { sequence: number },
): Promise<WriteWindow> {
  let acknowledged = 0;
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        path: INQUIRY_PATH,
        setupRequest: (request) => {
          const sequence = next.sequence++;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(sequence) },
            body: inquiryPostBody(pool, sequence),
          };
        },
        onResponse: (status, body) => {
          if (status !== 201) return;
          acknowledged++;
          server.acknowledgedIds.push((JSON.parse(body) as { data: { _id: string } }).data._id);
        },
      },
    ],
  });
  const failures: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (code !== '201') failures[code] = count ?? 0;
  }
  if (result.errors > 0) failures['socket errors'] = result.errors;
  if (result.timeouts > 0) failures.timeouts = result.timeouts;
  return { acknowledged, seconds: result.duration, failures };
}

/**
 * Warms each server up, then loads each for ROUND_SECONDS, ROUNDS times, the order rotated each round:
 * each round's windows by setup, and the share of that time some task waited for a core.
 */
export async function postInRounds<S extends WriteServerSetup>(
  servers: readonly WriteServer<S>[],
  pool: readonly ContactInquiryCreateInput[],
  next: { sequence: number },
): Promise<{ rounds: Record<S['key'], WriteWindow>[]; stalled: number | undefined }> {
  for (const server of servers) await postInquiries(server, WARMUP_SECONDS, pool, next);
  const cpuPressure = measureCpuPressure();
  const rounds: Record<S['key'], WriteWindow>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const windows: Partial<Record<S['key'], WriteWindow>> = {};
    for (const server of roundOrder(servers, round)) {
      windows[server.setup.key as S['key']] = await postInquiries(server, ROUND_SECONDS, pool, next);
    }
    rounds.push(windows as Record<S['key'], WriteWindow>);
  }
  return { rounds, stalled: cpuPressure() };
}

/** Every acknowledged id must be in the table; rows beyond them were in flight when a window stopped. */
async function checkStored(server: WriteServer): Promise<{ rows: number; missing: number }> {
  const database = await openDatabase({ dialect: 'sqlite', filename: server.file });
  try {
    const rows = await database.db.selectFrom('contactInquiries').select('id').execute();
    const stored = new Set(rows.map((row) => row.id));
    return {
      rows: stored.size,
      missing: server.acknowledgedIds.filter((id) => !stored.has(id)).length,
    };
  } finally {
    await database.close();
  }
}

const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
const describeServer = ({ report }: WriteServer) =>
  `synchronous=${synchronousName(report.synchronous)}, journal_mode=${report.journalMode}, ${
    report.commit === 'group' ? 'group commit' : 'a commit each'
  }`;

/**
 * Sustained POST /api/contact-inquiries on SQLite, in rotating rounds of one run: the app as it was before
 * decision 012 (synchronous=NORMAL, a commit per inquiry), FULL alone, and the app as it is (FULL, group
 * commit). The app's default must be FULL in WAL mode and keep INQUIRY_WRITE_BUDGET_PER_SECOND, and every
 * 201 must be in the table afterwards.
 */
export async function benchInquiryWrites(): Promise<WriteSummary & { ok: boolean }> {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(BENCH_DIR, 'inquiry-writes-'));
  const pool = inquiryBodies(BODY_POOL);
  const next = { sequence: 0 };
  const servers: WriteServer<(typeof WRITE_SETUPS)[number]>[] = [];
  try {
    for (const setup of WRITE_SETUPS) servers.push(await startWriteServer(setup, dir));
    const { rounds, stalled } = await postInRounds(servers, pool, next);
    for (const server of servers) await server.stop();

    const summary = summariseWrites(rounds);
    const failures = [...summary.failures];
    const after = servers.find((server) => server.setup.key === 'after')!;
    if (after.report.synchronous !== FULL || after.report.journalMode !== 'wal') {
      failures.push(
        `the app's default is ${describeServer(after)}; an acknowledged inquiry survives power loss only ` +
          'with synchronous=FULL in WAL mode',
      );
    }
    const stored = new Map<WriteServer, { rows: number; missing: number }>();
    for (const server of servers) {
      const check = await checkStored(server);
      stored.set(server, check);
      if (check.missing > 0) {
        failures.push(`${server.setup.label}: ${check.missing} inquiries answered 201 are not stored`);
      }
    }

    console.log(
      `\nPOST ${INQUIRY_PATH}, sustained, on SQLite in ${dir}: ${CONNECTIONS} connections, ${ROUNDS} rounds ` +
        `of ${ROUND_SECONDS} s per setup (order rotated) after ${WARMUP_SECONDS} s of warm-up; every body a ` +
        `different valid inquiry, from ${ADDRESS_POOL.toLocaleString('en-US')} client addresses`,
    );
    for (const server of servers) console.log(`  ${server.setup.label.padEnd(28)} ${describeServer(server)}`);
    if (stalled !== undefined) {
      console.log(
        `  CPU pressure during the rounds: some task waited for a core ${(stalled * 100).toFixed(0)}% of the time ` +
          '(/proc/pressure/cpu); absolute rates fall with it, the ratios much less',
      );
    }
    const columns = WRITE_SETUPS.map(({ column }) => column.padStart(11));
    console.log(`\n  ${'req/s'.padEnd(8)} ${columns.join(' ')}   after/before`);
    rounds.forEach((round, i) => {
      const cells = WRITE_SETUPS.map(({ key }) => fmt(perSecond([round[key]])).padStart(11));
      console.log(
        `  ${`round ${i + 1}`.padEnd(8)} ${cells.join(' ')}   ${summary.roundRatios[i]!.toFixed(2)}`,
      );
    });
    const totals = WRITE_SETUPS.map(({ key }) => fmt(summary.perSecond[key]).padStart(11));
    console.log(`  ${'all'.padEnd(8)} ${totals.join(' ')}   ${summary.ratio.toFixed(2)}`);
    for (const server of servers) {
      const { rows, missing } = stored.get(server)!;
      console.log(
        `  stored (${server.setup.column}): ${fmt(rows)} rows for ${fmt(server.acknowledgedIds.length)} answers 201, ` +
          `${missing} missing (${fmt(rows - server.acknowledgedIds.length)} more were in flight when a window ended)`,
      );
    }
    console.log(
      `  after/before ${summary.ratio.toFixed(2)} (rounds ${summary.roundRatios.map((r) => r.toFixed(2)).join(', ')}); ` +
        `FULL with a commit each/before ${summary.fullEachRatio.toFixed(2)}`,
    );
    console.log(
      `  after: ${fmt(summary.perSecond.after)} inquiries/s sustained, budget >= ` +
        `${fmt(INQUIRY_WRITE_BUDGET_PER_SECOND)}/s: ${failures.length === 0 ? 'PASS' : 'FAIL'}`,
    );
    for (const failure of failures) console.log(`  FAIL ${failure}`);

    const round = (value: number) => Number(value.toFixed(3));
    console.log(
      `\nBENCH_JSON ${JSON.stringify({
        bench: 'inquiries-write',
        connections: CONNECTIONS,
        rounds: ROUNDS,
        roundSeconds: ROUND_SECONDS,
        perSecond: Object.fromEntries(
          Object.entries(summary.perSecond).map(([key, value]) => [key, Math.round(value)]),
        ),
        ratio: round(summary.ratio),
        roundRatios: summary.roundRatios.map(round),
        fullEachRatio: round(summary.fullEachRatio),
        ...(stalled !== undefined ? { cpuStalledShare: round(stalled) } : {}),
        setups: Object.fromEntries(servers.map((server) => [server.setup.key, server.report])),
        stored: Object.fromEntries([...stored].map(([server, check]) => [server.setup.key, check])),
        failures,
      })}`,
    );
    return { ...summary, failures, ok: failures.length === 0 };
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
