import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { commitEach, createGroupCommit, type GroupCommit } from './group-commit.ts';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = DatabaseTarget['dialect'];

/**
 * The application_name of the app's PostgreSQL connections: `npm run restore` refuses while a connection
 * of that name is open on the database.
 */
export const POSTGRES_APPLICATION_NAME = 'sampark';

/** SQLite only: `fold_case(text)`, the text lowercased by Unicode rules (registered on every connection). */
export const FOLD_CASE_FUNCTION = 'fold_case';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The file or server this connection was opened on (backups copy it). */
  target: DatabaseTarget;
  /** PostgreSQL only: the schema this connection works in, when not the default. */
  pgSchema?: string;
  /**
   * For busy writes (the contact form): runs a write and resolves once it is committed, on SQLite in one
   * transaction with the other writes of the same turn of the event loop (group-commit.ts).
   */
  groupCommit: GroupCommit;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: the schema to use (tests give each suite its own). Created when missing. */
  pgSchema?: string;
}

/**
 * The connection Kysely's SQLite dialect is given: its statements cached (statement-cache.ts), and its
 * transactions begun `immediate`. Kysely begins with a plain (deferred) `begin`, so a transaction that reads
 * before it writes fails at once, without waiting, when another process wrote in between (`npm run admin`,
 * a test's helper): SQLite cannot move its snapshot forward. `begin immediate` takes the write lock first,
 * waiting for it (busy_timeout), and then cannot be refused. This process has one connection, so its own
 * transactions queue as they did.
 */
function immediateTransactions(sqlite: SQLite.Database): SqliteDatabase {
  const connection = withStatementCache(sqlite);
  return {
    ...connection,
    prepare: (query) => connection.prepare(query === 'begin' ? 'begin immediate' : query),
  };
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const plugins = [new CamelCasePlugin()];
  let db: Kysely<DB>;

  if (target.dialect === 'sqlite') {
    if (target.filename !== ':memory:') {
      fs.mkdirSync(path.dirname(path.resolve(target.filename)), { recursive: true });
    }
    const sqlite = new SQLite(target.filename);
    sqlite.pragma('journal_mode = WAL');
    // FULL syncs the WAL on every commit: an inquiry answered 201 survives a power cut or an OS crash, where
    // NORMAL could lose the last commits before a checkpoint (decision 012).
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // SQLite's LIKE and lower() fold ASCII letters only; searches that need more fold with JavaScript's.
    sqlite.function(FOLD_CASE_FUNCTION, { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database: immediateTransactions(sqlite) }), plugins });
  } else {
    if (options.pgSchema && !/^[a-z_][a-z0-9_]*$/.test(options.pgSchema)) {
      throw new Error(`Invalid PostgreSQL schema name: ${options.pgSchema}`);
    }
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      application_name: POSTGRES_APPLICATION_NAME,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection the server ends (a restart, a failover, an administrator) emits 'error' on the
    // pool; unhandled, that would stop the process. The pool replaces the connection on the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    });
    // A connection lost while checked out (a transaction waiting for a notification to be sent, decision
    // 031) emits 'error' on its client, which the pool listens to only while the client is idle: with no
    // listener that would stop the process too. Its next query fails instead, and the caller handles that.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    if (options.pgSchema) {
      await sql`create schema if not exists ${sql.id(options.pgSchema)}`.execute(db);
    }
  }

  return {
    db,
    dialect: target.dialect,
    target,
    groupCommit: target.dialect === 'sqlite' ? createGroupCommit(db) : commitEach(db),
    ...(target.dialect === 'postgres' && options.pgSchema ? { pgSchema: options.pgSchema } : {}),
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** Kysely's bookkeeping table (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/** True when every migration is already recorded; false when some are not or nothing is recorded yet. */
async function isUpToDate(database: Database, names: string[]): Promise<boolean> {
  const table = database.pgSchema ? sql.id(database.pgSchema, MIGRATION_TABLE) : sql.id(MIGRATION_TABLE);
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(
      database.db.withoutPlugins(),
    );
    const applied = new Set(rows.map((row) => row.name));
    return names.every((name) => applied.has(name));
  } catch {
    // No bookkeeping table yet: a new database.
    return false;
  }
}

export async function migrateToLatest(database: Database): Promise<void> {
  const all = migrations(database.dialect);
  // Every start but the first after an upgrade: nothing to do, so no lock and no introspection. (Kysely's
  // migrator introspects every schema of the database, which PostgreSQL fails when another schema is
  // dropped at that moment, as parallel test workers do.)
  if (await isUpToDate(database, Object.keys(all))) return;
  const migrator = new Migrator({
    // Migrations are written in snake_case, so they run without the camelCase plugin.
    db: database.db.withoutPlugins() as Kysely<unknown>,
    provider: { getMigrations: async () => all },
    // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours.
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: { error, migrationName: failed?.migrationName },
    });
  }
}
