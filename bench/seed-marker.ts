import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../src/server/db/database.ts';
import { migrations } from '../src/server/db/migrations/index.ts';
import type { DB } from '../src/server/db/schema.ts';

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

const MIGRATIONS_SOURCE = new URL('../src/server/db/migrations/index.ts', import.meta.url);

export function seedFingerprint(
  dialect: Dialect,
  seed: Pick<SeedFingerprint, 'generatorVersion' | 'seed' | 'rows'>,
): SeedFingerprint {
  return {
    ...seed,
    migrations: Object.keys(migrations(dialect)),
    // The whole source of the migrations, helpers included: a change anywhere in it means a reseed.
    migrationsHash: createHash('sha256')
      .update(fs.readFileSync(MIGRATIONS_SOURCE))
      .digest('hex')
      .slice(0, 16),
  };
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
