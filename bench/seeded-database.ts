import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Database, type Dialect, migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { migrations } from '../src/server/db/migrations/index.ts';
import type { DB } from '../src/server/db/schema.ts';
import { createPostgresDatabase } from './lib.ts';

/**
 * A seeded bench database is reused while it was made by the same generator, seed and row count and the
 * same migrations; a small table `bench_seed` in it says so.
 */
export interface SeedFingerprint {
  generatorVersion: number;
  seed: number;
  rows: number;
  migrations: string[];
  /** Migrations are edited while a feature is young: their source decides too, not only their names. */
  migrationsHash: string;
}

export interface SeedMarker extends SeedFingerprint {
  seededAt: string;
  seedSeconds: number;
}

// One file per migration, and the helpers beside them.
const MIGRATIONS_DIR = new URL('../src/server/db/migrations/', import.meta.url);

export function seedFingerprint(
  dialect: Dialect,
  seed: Pick<SeedFingerprint, 'generatorVersion' | 'seed' | 'rows'>,
): SeedFingerprint {
  return {
    ...seed,
    migrations: Object.keys(migrations(dialect)),
    // The whole source of the migrations, helpers included: a change anywhere in it means a reseed.
    migrationsHash: migrationsSourceHash(),
  };
}

function migrationsSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(fs.readFileSync(new URL(file, MIGRATIONS_DIR)));
  }
  return hash.digest('hex').slice(0, 16);
}

function markerMatches(marker: SeedMarker | undefined, fingerprint: SeedFingerprint): boolean {
  return (
    marker !== undefined &&
    marker.generatorVersion === fingerprint.generatorVersion &&
    marker.seed === fingerprint.seed &&
    marker.rows === fingerprint.rows &&
    marker.migrationsHash === fingerprint.migrationsHash &&
    marker.migrations.join() === fingerprint.migrations.join()
  );
}

function reseedReason(reseed: boolean, marker: SeedMarker | undefined): string {
  if (reseed) return '--reseed';
  if (!marker) return 'no seeded database yet';
  return 'the generator, row count or migrations changed since it was seeded';
}

async function readMarker(db: Kysely<DB>): Promise<SeedMarker | undefined> {
  try {
    const { rows } = await sql<{ marker: string }>`select marker from bench_seed`.execute(db);
    return rows[0] ? (JSON.parse(rows[0].marker) as SeedMarker) : undefined;
  } catch {
    return undefined;
  }
}

/** Written last, after seeding and ANALYZE: an interrupted seed is never reused. */
async function writeMarker(
  db: Kysely<DB>,
  fingerprint: SeedFingerprint,
  seedSeconds: number,
): Promise<SeedMarker> {
  const marker: SeedMarker = { ...fingerprint, seededAt: new Date().toISOString(), seedSeconds };
  await sql`create table if not exists bench_seed (marker text not null)`.execute(db);
  await sql`delete from bench_seed`.execute(db);
  await sql`insert into bench_seed (marker) values (${JSON.stringify(marker)})`.execute(db);
  return marker;
}

export interface SeededDatabase {
  database: Database;
  /** What DATABASE_URL a server started on it needs. */
  url: string;
  marker: SeedMarker;
  seededNow: boolean;
}

/** Fills a freshly migrated database and returns how many seconds seeding took. */
export type Seeder = (db: Kysely<DB>, label: string) => Promise<number>;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Opens the cached bench database of this fingerprint, or (when it does not match, or `reseed`) empties
 * it, migrates it, seeds it, updates its statistics and marks it. SQLite: a file; PostgreSQL: a database
 * of its own on the server at `serverUrl`.
 */
export async function openSeededDatabase(
  target: { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; serverUrl: string; name: string },
  fingerprint: SeedFingerprint,
  reseed: boolean,
  seed: Seeder,
): Promise<SeededDatabase> {
  let url: string;
  let label: string;
  let empty: () => Promise<void>;
  if (target.dialect === 'sqlite') {
    const { filename } = target;
    fs.mkdirSync(path.dirname(filename), { recursive: true });
    url = `file:${filename}`;
    label = 'SQLite';
    empty = async () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${filename}${suffix}`, { force: true });
    };
  } else {
    const benchUrl = new URL(target.serverUrl);
    benchUrl.pathname = `/${target.name}`;
    url = benchUrl.toString();
    label = 'PostgreSQL';
    await createPostgresDatabase(target.name, target.serverUrl, false);
    empty = () => createPostgresDatabase(target.name, target.serverUrl, true);
  }
  const open = () =>
    target.dialect === 'sqlite'
      ? openDatabase({ dialect: 'sqlite', filename: target.filename })
      : openDatabase({ dialect: 'postgres', url });

  let database = await open();
  const found = await readMarker(database.db);
  if (!reseed && found && markerMatches(found, fingerprint)) {
    return { database, url, marker: found, seededNow: false };
  }
  const where = target.dialect === 'sqlite' ? target.filename : `database ${target.name}`;
  console.log(`\n${label}: seeding ${where} (${reseedReason(reseed, found)})`);
  await database.close();
  await empty();
  database = await open();
  await migrateToLatest(database);
  const seedSeconds = await seed(database.db, label);
  const statisticsStart = performance.now();
  if (target.dialect === 'sqlite') {
    await sql`analyze`.execute(database.db);
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
    console.log(`SQLite: ANALYZE and checkpoint in ${seconds(statisticsStart)} s`);
  } else {
    await sql`vacuum analyze`.execute(database.db);
    console.log(`PostgreSQL: VACUUM ANALYZE in ${seconds(statisticsStart)} s`);
  }
  const marker = await writeMarker(database.db, fingerprint, seedSeconds);
  return { database, url, marker, seededNow: true };
}

export interface BatchInsert<Row> {
  /** The database's name in the progress bar and the summary: SQLite, PostgreSQL. */
  label: string;
  /** What the rows are: inquiries, posts. */
  unit: string;
  rows: Iterator<Row>;
  /** How many `rows` gives, for the progress bar. */
  total: number;
  /** Rows in one multi-row INSERT: their parameters must stay under both dialects' caps. */
  rowsPerInsert: number;
  insertsPerTransaction: number;
  insert(trx: Transaction<DB>, batch: Row[]): Promise<unknown>;
}

/**
 * Inserts the rows in the order given, in multi-row INSERTs, many per transaction, with a progress bar;
 * returns how many seconds it took.
 */
export async function insertInBatches<Row>(
  db: Kysely<DB>,
  { label, unit, rows, total, rowsPerInsert, insertsPerTransaction, insert }: BatchInsert<Row>,
): Promise<number> {
  const fmt = (value: number) => value.toLocaleString('en-US');
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate} rows/s | ETA {eta_formatted}`,
      // Without a terminal (CI, logs), a line every 15 s instead of a redrawn bar.
      noTTYOutput: true,
      notTTYSchedule: 15_000,
      etaBuffer: 50,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const start = performance.now();
  let inserted = 0;
  let done = false;
  bar.start(total, 0, { rate: '-' });
  try {
    while (!done) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < insertsPerTransaction && !done; i++) {
          const batch: Row[] = [];
          for (let next = rows.next(); !next.done; next = rows.next()) {
            batch.push(next.value);
            if (batch.length === rowsPerInsert) break;
          }
          if (batch.length < rowsPerInsert) done = true;
          if (batch.length === 0) break;
          await insert(trx, batch);
          inserted += batch.length;
          const rate = inserted / ((performance.now() - start) / 1000);
          bar.update(inserted, { rate: fmt(Math.round(rate)) });
          // better-sqlite3 answers synchronously: without a turn of the event loop the bar never redraws.
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    }
  } finally {
    bar.stop();
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${label}: seeded ${fmt(inserted)} ${unit} in ${seconds.toFixed(1)} s (${fmt(Math.round(inserted / seconds))} rows/s)`,
  );
  return seconds;
}
