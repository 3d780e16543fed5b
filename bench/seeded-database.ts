import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
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

export function markerMatches(marker: SeedMarker | undefined, fingerprint: SeedFingerprint): boolean {
  return (
    marker !== undefined &&
    marker.generatorVersion === fingerprint.generatorVersion &&
    marker.seed === fingerprint.seed &&
    marker.rows === fingerprint.rows &&
    marker.migrationsHash === fingerprint.migrationsHash &&
    marker.migrations.join() === fingerprint.migrations.join()
  );
}

export function reseedReason(reseed: boolean, marker: SeedMarker | undefined): string {
  if (reseed) return '--reseed';
  if (!marker) return 'no seeded database yet';
  return 'the generator, row count or migrations changed since it was seeded';
}

export async function readMarker(db: Kysely<DB>): Promise<SeedMarker | undefined> {
  try {
    const { rows } = await sql<{ marker: string }>`select marker from bench_seed`.execute(db);
    return rows[0] ? (JSON.parse(rows[0].marker) as SeedMarker) : undefined;
  } catch {
    return undefined;
  }
}

/** Written last, after seeding and ANALYZE: an interrupted seed is never reused. */
export async function writeMarker(
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
