import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/** The column type of a moment: PostgreSQL's timestamptz; SQLite has none and keeps ISO 8601 text. */
export function timestampType(dialect: Dialect) {
  return dialect === 'postgres' ? sql`timestamptz` : sql`text`;
}

export type Timestamp = ReturnType<typeof timestampType>;
