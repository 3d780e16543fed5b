import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept per connection; a query with a varying `in (…)` list makes one per length. */
const STATEMENT_CACHE_MAX_ENTRIES = 500;

/**
 * The connection as Kysely's SQLite dialect sees it, with prepared statements kept by their SQL: Kysely
 * prepares every query anew, which cost a tenth of the CPU of a contact-form post (decision 045). The
 * oldest unused statement goes first when the cache is full. A statement still being iterated (a streamed
 * query) is busy: a query with the same SQL meanwhile gets a statement of its own.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  maxEntries = STATEMENT_CACHE_MAX_ENTRIES,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept) {
        if (kept.busy) return sqlite.prepare(sql);
        // Used again: moved to the end, the last to go.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (statements.size >= maxEntries) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
