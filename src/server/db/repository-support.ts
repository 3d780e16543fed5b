import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** What a repository's method runs on: the database, or a transaction its caller opened. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** A unique index refused a row: better-sqlite3 and pg name it differently. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** A LIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally (escape `\`). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** How many rows come before a page; pages count from 1. */
export function pageOffset({ page, pageSize }: { page: number; pageSize: number }): number {
  return (page - 1) * pageSize;
}
