import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/** What a migration may differ by between the dialects: only column types (and PostgreSQL's extras). */
export interface MigrationContext {
  dialect: Dialect;
  /** The column type of a moment: PostgreSQL's timestamptz; SQLite has none and keeps ISO 8601 text. */
  timestamp: Timestamp;
}

export type Timestamp = ReturnType<typeof sql>;

export function migrationContext(dialect: Dialect): MigrationContext {
  return { dialect, timestamp: dialect === 'postgres' ? sql`timestamptz` : sql`text` };
}

/** An index on `columns` of `table`, in that order: the one form the migrations' indexes take. */
export async function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}
