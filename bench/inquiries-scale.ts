import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/database.ts';
import type { DB } from '../src/server/db/schema.ts';
import { createAccounts } from '../src/server/features/admin-auth/accounts.ts';
import type { InquiryPage } from '../src/server/features/contact-inquiries/inbox-search.ts';
import { createContactInquiryRepository } from '../src/server/features/contact-inquiries/repository.ts';
import type { InquiryStats } from '../src/shared/contracts/contact-inquiries.ts';
import { INQUIRY_TOTAL_CAP } from '../src/shared/rules/contact-inquiries.ts';
import {
  DEFAULT_SEED,
  generateInquiries,
  INQUIRY_GENERATOR_VERSION,
  PLANTED_TERMS,
  type PlantedTermKey,
} from './inquiry-generator.ts';
import { BENCH_DIR, benchEachDialect, FAST_CASE_MIN_DURATION_MS, type Timing, timeCalls } from './lib.ts';
import {
  insertInBatches,
  openSeededDatabase,
  type SeededDatabase,
  type SeedFingerprint,
  type SeedMarker,
  seedFingerprint,
} from './seeded-database.ts';

export const DEFAULT_SCALE_ROWS = 1_000_000;
const POSTGRES_DATABASE = 'sampark_bench';
const PAGE_SIZE = 20;
const WARMUP = 5;
const SCAN_ITERATIONS = 10;
/** Fast queries run past `iterations` for FAST_CASE_MIN_DURATION_MS, or up to this many calls. */
const MAX_ITERATIONS = 500;

/** The inbox's budgets, the same on both databases (decision 066). */
const BUDGET = { listP95Ms: 20, searchP95Ms: 50, statsP95Ms: 20, scanOverRareSearch: 10 } as const;

/** PostgreSQL is measured this many times, each after a fresh ANALYZE: its plans must not follow the sample. */
const POSTGRES_ROUNDS = 2;

export type ScaleDialect = 'sqlite' | 'postgres';

export interface ScaleBenchOptions {
  rows: number;
  /** Seed again even when the cached database matches. */
  reseed: boolean;
  dialects: ScaleDialect[];
  /** Timed calls per query at least (the plain scan runs SCAN_ITERATIONS). */
  iterations: number;
}

interface CaseResult {
  label: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  iterations: number;
  result: string;
  budgetP95Ms?: number;
  /** Searches and lists: the total the repository reported. */
  total?: number;
  totalCapped?: boolean;
}

interface DialectSummary {
  rows: number;
  seedSeconds: number;
  rowsPerSecond: number;
  seededNow: boolean;
  storage: string;
  frequencies: Record<PlantedTermKey, { term: string; rows: number; share: number }>;
  cases: Record<string, CaseResult>;
  scanOverRareSearch: number;
  failures: string[];
  /** PostgreSQL: the cases measured again after another fresh ANALYZE. */
  afterAnotherAnalyze?: Record<string, CaseResult>;
}

/** What a cached database must have been seeded with to be reused. */

type Repository = ReturnType<typeof createContactInquiryRepository>;

const fmt = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);

/**
 * The inquiry inbox at scale: seeds `rows` generated inquiries into each database (cached between runs),
 * then times the inbox list, the search at three term frequencies, the stats, and a plain LIKE scan as the
 * baseline the search index must beat. Both are held to the same budgets; PostgreSQL twice, each time after
 * a fresh ANALYZE.
 */
export async function benchInquiriesAtScale(options: ScaleBenchOptions): Promise<{ ok: boolean }> {
  const summaries = await benchEachDialect(
    options.dialects,
    { sqlite: () => benchSqlite(options), postgres: (serverUrl) => benchPostgres(serverUrl, options) },
    'PostgreSQL skipped: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL ' +
      '(e.g. postgres://postgres@127.0.0.1:5432/test); the bench uses that server\'s "sampark_bench" database.',
  );
  // One line for notes: the figures without the table's labels.
  const compact = Object.fromEntries(
    Object.entries(summaries).map(([dialect, { cases, afterAnotherAnalyze, ...summary }]) => [
      dialect,
      {
        ...summary,
        cases: compactCases(cases),
        ...(afterAnotherAnalyze ? { afterAnotherAnalyze: compactCases(afterAnotherAnalyze) } : {}),
      },
    ]),
  );
  console.log(`\nBENCH_JSON ${JSON.stringify({ bench: 'inquiries-scale', rows: options.rows, ...compact })}`);
  return { ok: Object.values(summaries).every((summary) => summary.failures.length === 0) };
}

function compactCases(cases: Record<string, CaseResult>) {
  return Object.fromEntries(
    Object.entries(cases).map(([key, { p50Ms, p95Ms, maxMs, iterations, total, totalCapped }]) => [
      key,
      { p50Ms, p95Ms, maxMs, runs: iterations, total, totalCapped },
    ]),
  );
}

/**
 * The inbox bench's database of `rows` generated inquiries, seeded when missing or stale and kept for the
 * next run: `.tmp/bench/inquiries-<rows>.db`, or the database sampark_bench on the PostgreSQL server at
 * `serverUrl`. Other benches that need the same million inquiries (backups) open it here.
 */
export function openInquiryBenchDatabase(
  target: { dialect: 'sqlite' } | { dialect: 'postgres'; serverUrl: string },
  rows: number,
  reseed: boolean,
): Promise<SeededDatabase> {
  const location =
    target.dialect === 'sqlite'
      ? ({ dialect: 'sqlite', filename: sqliteBenchFile(rows) } as const)
      : ({ dialect: 'postgres', serverUrl: target.serverUrl, name: POSTGRES_DATABASE } as const);
  return openSeededDatabase(location, fingerprintFor(target.dialect, rows), reseed, (db, label) =>
    seed(db, rows, label),
  );
}

export function sqliteBenchFile(rows: number): string {
  return path.join(BENCH_DIR, `inquiries-${rows}.db`);
}

async function benchSqlite(options: ScaleBenchOptions): Promise<DialectSummary> {
  const filename = sqliteBenchFile(options.rows);
  const { database, marker, seededNow } = await openInquiryBenchDatabase(
    { dialect: 'sqlite' },
    options.rows,
    options.reseed,
  );
  try {
    const storage = await sqliteStorage(database, filename);
    return await measure(database, `SQLite, ${filename}`, marker, seededNow, storage, options);
  } finally {
    await database.close();
  }
}

async function benchPostgres(serverUrl: string, options: ScaleBenchOptions): Promise<DialectSummary> {
  const { database, marker, seededNow } = await openInquiryBenchDatabase(
    { dialect: 'postgres', serverUrl },
    options.rows,
    options.reseed,
  );
  try {
    const storage = await postgresStorage(database);
    const rounds: DialectSummary[] = [];
    for (let round = 1; round <= POSTGRES_ROUNDS; round += 1) {
      await sql`analyze contact_inquiries`.execute(database.db);
      rounds.push(
        await measure(
          database,
          `PostgreSQL, database ${POSTGRES_DATABASE}, after a fresh ANALYZE (${round} of ${POSTGRES_ROUNDS})`,
          marker,
          seededNow,
          storage,
          options,
        ),
      );
    }
    const [first, ...others] = rounds as [DialectSummary, ...DialectSummary[]];
    return {
      ...first,
      failures: rounds.flatMap((summary) => summary.failures),
      afterAnotherAnalyze: Object.assign({}, ...others.map((summary) => summary.cases)),
    };
  } finally {
    await database.close();
  }
}

function fingerprintFor(dialect: ScaleDialect, rows: number): SeedFingerprint {
  return seedFingerprint(dialect, { generatorVersion: INQUIRY_GENERATOR_VERSION, seed: DEFAULT_SEED, rows });
}

/** Inserts the generated inquiries oldest first. */
function seed(db: Kysely<DB>, rows: number, label: string): Promise<number> {
  return insertInBatches(db, {
    label,
    unit: 'inquiries',
    rows: generateInquiries({ rows }),
    total: rows,
    // 2,000 rows of 11 columns: 22,000 parameters, under both SQLite's (32,766) and PostgreSQL's (65,535) cap.
    rowsPerInsert: 2_000,
    insertsPerTransaction: 25,
    insert: (trx, batch) => trx.insertInto('contactInquiries').values(batch).execute(),
  });
}

/** The baseline: what a search costs with no index, the LIKE the issue names, newest first. */
function plainScan(db: Kysely<DB>, term: string) {
  const pattern = `%${term}%`;
  return sql<{ seq: number }>`select seq from contact_inquiries
    where name like ${pattern} or email like ${pattern} or city like ${pattern} or query like ${pattern}
      or phone like ${pattern}
    order by seq desc limit ${PAGE_SIZE}`.execute(db);
}

async function countContaining(db: Kysely<DB>, term: string): Promise<number> {
  const pattern = `%${term}%`;
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from contact_inquiries
    where name like ${pattern} or email like ${pattern} or city like ${pattern} or query like ${pattern}
      or phone like ${pattern}`.execute(db);
  return Number(rows[0]!.count);
}

async function measure(
  database: Database,
  title: string,
  marker: SeedMarker,
  seededNow: boolean,
  storage: string,
  options: ScaleBenchOptions,
): Promise<DialectSummary> {
  const { db, dialect } = database;
  const repository: Repository = createContactInquiryRepository(db, dialect, {
    team: createAccounts(db, dialect),
  });
  const stored = await repository.count();
  console.log(
    `\n${title}: ${fmt(stored)} inquiries; ${storage}\n` +
      `  seeded ${seededNow ? 'now' : `${marker.seededAt} (cached; --reseed to seed again)`} in ` +
      `${marker.seedSeconds.toFixed(1)} s, ${fmt(Math.round(marker.rows / marker.seedSeconds))} rows/s`,
  );

  const countStart = performance.now();
  const frequencies = {} as DialectSummary['frequencies'];
  for (const [key, { term }] of Object.entries(PLANTED_TERMS) as [PlantedTermKey, { term: string }][]) {
    const count = await countContaining(db, term);
    frequencies[key] = { term, rows: count, share: count / stored };
  }
  console.log(
    `  planted terms, counted with a plain LIKE over name, email, city, query and phone (${(
      (performance.now() - countStart) / 1000
    ).toFixed(1)} s):`,
  );
  for (const [key, { term, rows, share }] of Object.entries(frequencies)) {
    console.log(
      `    ${key.padEnd(10)} "${term}"  ${fmt(rows).padStart(9)} rows  ${(share * 100).toFixed(4).padStart(8)}%`,
    );
  }

  const deepPage = Math.max(1, Math.floor(stored / 2 / PAGE_SIZE));
  const { rare, inBetween, common } = PLANTED_TERMS;
  const timed = {
    warmup: WARMUP,
    iterations: options.iterations,
    minDurationMs: FAST_CASE_MIN_DURATION_MS,
    maxIterations: MAX_ITERATIONS,
  };
  const cases: Record<string, CaseResult> = {};
  /** Times one page of the list, `query` with the page size of the inbox. */
  const listCase = async (
    key: string,
    label: string,
    query: Omit<Parameters<typeof repository.list>[0], 'pageSize'>,
    budgetP95Ms: number,
  ) => {
    const timing = await timeCalls(() => repository.list({ ...query, pageSize: PAGE_SIZE }), timed);
    cases[key] = {
      ...caseResult(label, timing, describePage, budgetP95Ms),
      total: timing.last.total,
      totalCapped: timing.last.totalCapped,
    };
  };

  type ListQuery = Parameters<typeof listCase>[2];
  const listPages: [key: string, label: string, query: ListQuery][] = [
    ['listFirstPage', 'list, page 1', { page: 1 }],
    [
      'listDeepPage',
      `list, page ${fmt(deepPage)} (offset ${fmt((deepPage - 1) * PAGE_SIZE)})`,
      { page: deepPage },
    ],
    ['listClosed', "list, status 'closed', page 1", { status: 'closed', page: 1 }],
  ];
  for (const [key, label, query] of listPages) await listCase(key, label, query, BUDGET.listP95Ms);
  /** A search for a planted term, its share of the rows in the label. */
  const plantedSearch = (
    key: string,
    { term }: { term: string },
    share: string,
  ): [string, string, ListQuery] => [key, `search "${term}" (${share}), page 1`, { q: term, page: 1 }];
  const searches: [key: string, label: string, query: ListQuery][] = [
    plantedSearch('searchRare', rare, 'rare'),
    plantedSearch('searchInBetween', inBetween, 'in-between'),
    plantedSearch('searchCommon', common, 'common'),
    // A number typed the Indian way (trunk 0, spaces) is searched as typed and as its digits: two phrases.
    [
      'searchTypedNumber',
      'search "098765 43210" (a number typed nationally), page 1',
      { q: '098765 43210', page: 1 },
    ],
    [
      'searchCommonNew',
      `search "${common.term}", status 'new', page 1`,
      { q: common.term, status: 'new', page: 1 },
    ],
  ];
  for (const [key, label, query] of searches) await listCase(key, label, query, BUDGET.searchP95Ms);
  cases.stats = caseResult(
    'stats',
    await timeCalls(() => repository.stats(), timed),
    describeStats,
    BUDGET.statsP95Ms,
  );
  cases.scanRare = caseResult(
    `plain LIKE scan "${rare.term}", newest 20`,
    await timeCalls(() => plainScan(db, rare.term), { warmup: 1, iterations: SCAN_ITERATIONS }),
    (result) => `${result.rows.length} rows`,
  );
  const scanOverRareSearch = cases.scanRare.p50Ms / cases.searchRare!.p50Ms;

  console.log(
    `\n  ${'query'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'runs'.padStart(5)}   result`,
  );
  for (const result of Object.values(cases)) {
    console.log(
      `  ${result.label.padEnd(44)} ${ms(result.p50Ms).padStart(8)} ${ms(result.p95Ms).padStart(8)} ${ms(
        result.maxMs,
      ).padStart(8)} ${String(result.iterations).padStart(5)}   ${result.result}`,
    );
  }
  console.log(
    `  plain scan / rare search (p50): ${scanOverRareSearch.toFixed(0)}x` +
      ` (target >= ${BUDGET.scanOverRareSearch}x)`,
  );

  const failures = checkResults(cases, frequencies, scanOverRareSearch);
  for (const failure of failures) console.log(`  FAIL ${failure}`);
  if (failures.length === 0) console.log('  All budgets met.');

  return {
    rows: stored,
    seedSeconds: Number(marker.seedSeconds.toFixed(1)),
    rowsPerSecond: Math.round(marker.rows / marker.seedSeconds),
    seededNow,
    storage,
    frequencies,
    cases,
    scanOverRareSearch: Number(scanOverRareSearch.toFixed(1)),
    failures,
  };
}

function caseResult<T>(
  label: string,
  timing: Timing<T>,
  summarize: (result: T) => string,
  budgetP95Ms?: number,
): CaseResult {
  const round = (value: number) => Number(value.toFixed(2));
  return {
    label,
    p50Ms: round(timing.p50Ms),
    p95Ms: round(timing.p95Ms),
    maxMs: round(timing.maxMs),
    iterations: timing.iterations,
    result: summarize(timing.last),
    ...(budgetP95Ms === undefined ? {} : { budgetP95Ms }),
  };
}

function describePage(page: InquiryPage): string {
  return `${page.inquiries.length} rows, total ${fmt(page.total)}${page.totalCapped ? '+' : ''}`;
}

function describeStats(stats: InquiryStats): string {
  return (
    `total ${fmt(stats.total)}, new ${fmt(stats.new)}, in progress ${fmt(stats.inProgress)}, ` +
    `resolved ${fmt(stats.resolved)}, closed ${fmt(stats.closed)}, unread ${fmt(stats.unread)}`
  );
}

/** The budgets, and that the search finds what the plain LIKE counted. */
function checkResults(
  cases: Record<string, CaseResult>,
  frequencies: DialectSummary['frequencies'],
  scanOverRareSearch: number,
): string[] {
  const failures: string[] = [];
  const searches = { rare: cases.searchRare!, inBetween: cases.searchInBetween! } as const;
  for (const key of ['rare', 'inBetween'] as const) {
    const expected = frequencies[key].rows;
    const { total, totalCapped } = searches[key];
    const found = expected > INQUIRY_TOTAL_CAP ? totalCapped : total === expected && !totalCapped;
    if (!found) {
      failures.push(
        `search "${frequencies[key].term}" reports ${searches[key].result}; the plain LIKE counts ${fmt(expected)}`,
      );
    }
  }
  for (const result of Object.values(cases)) {
    if (result.budgetP95Ms !== undefined && result.p95Ms > result.budgetP95Ms) {
      failures.push(
        `${result.label}: p95 ${ms(result.p95Ms)} ms is over its ${result.budgetP95Ms} ms budget`,
      );
    }
  }
  if (scanOverRareSearch < BUDGET.scanOverRareSearch) {
    failures.push(
      `the rare search is only ${scanOverRareSearch.toFixed(1)}x faster than the plain scan ` +
        `(target ${BUDGET.scanOverRareSearch}x)`,
    );
  }
  return failures;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function sqliteStorage(database: Database, filename: string): Promise<string> {
  const fileBytes = ['', '-wal'].reduce((sum, suffix) => {
    const file = `${filename}${suffix}`;
    return sum + (fs.existsSync(file) ? fs.statSync(file).size : 0);
  }, 0);
  try {
    // dbstat is compiled into better-sqlite3's SQLite; the split shows what the search index costs.
    const { rows } = await sql<{ part: string; bytes: number }>`
      select case
          when name like 'contact_inquiry_search%' then 'search index'
          when name = 'contact_inquiries' then 'table'
          when tbl_name = 'contact_inquiries' then 'other indexes'
          else 'rest' end as part,
        sum(pgsize) as bytes
      from dbstat join sqlite_schema using (name) group by part order by bytes desc`.execute(database.db);
    return `file ${mb(fileBytes)} (${rows.map((row) => `${row.part} ${mb(row.bytes)}`).join(', ')})`;
  } catch {
    return `file ${mb(fileBytes)}`;
  }
}

async function postgresStorage(database: Database): Promise<string> {
  const { rows } = await sql<{ database: string; heap: string; indexes: string; search: string | null }>`
    select pg_database_size(current_database()) as database,
      pg_table_size('contact_inquiries') as heap,
      pg_indexes_size('contact_inquiries') as indexes,
      pg_relation_size(to_regclass('contact_inquiries_search')) as search`.execute(database.db);
  const row = rows[0]!;
  return (
    `database ${mb(Number(row.database))} (table ${mb(Number(row.heap))}, indexes ${mb(Number(row.indexes))}` +
    `${row.search === null ? '' : `, of which search index ${mb(Number(row.search))}`})`
  );
}
