import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { type Database, migrateToLatest, openDatabase } from '../db/database.ts';

/**
 * The databases a test starts from, migrated once for the whole run by the global setup
 * (src/test-global-setup.ts) rather than once per test: running the migrations costs far more than copying
 * what they built (decision 060).
 */
export interface DatabaseTemplates {
  /** A SQLite file migrated to the latest version and closed: each test opens a copy of it. */
  sqlite: string;
  /** A PostgreSQL schema migrated to the latest version, as statements; null without TEST_POSTGRES_URL. */
  postgres: PostgresTemplate | null;
}

export interface PostgresTemplate {
  /** The schema the statements were taken from: each copy puts its own name in its place. */
  schema: string;
  /** pg_dump's statements, definitions and rows: every name qualified with `schema`, nothing set for the session. */
  statements: string;
}

/** Migrates the templates; `dispose` removes what is left of them once the run is over. */
export async function createDatabaseTemplates(
  postgresUrl: string | undefined,
): Promise<{ templates: DatabaseTemplates; dispose(): void }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-template-'));
  const sqlite = path.join(directory, 'template.db');
  const database = await openDatabase({ dialect: 'sqlite', filename: sqlite });
  try {
    await migrateToLatest(database);
  } finally {
    // Closing the last connection checkpoints the WAL into the file and removes it: the file alone is whole.
    await database.close();
  }
  return {
    templates: { sqlite, postgres: postgresUrl ? await createPostgresTemplate(postgresUrl) : null },
    dispose: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}

/** A SQLite file at `filename` with what the migrations built: a copy of the template. */
export function copySqliteTemplate(templates: DatabaseTemplates, filename: string): void {
  fs.copyFileSync(templates.sqlite, filename);
}

/**
 * Builds the template's tables, indexes, functions, triggers and rows (kysely_migration's included, so that
 * migrateToLatest finds nothing to do) in the empty schema of `database`, in one round trip and one
 * transaction. No schema lock: unlike Kysely's migrator, these statements introspect no other schema.
 */
export async function copyPostgresTemplate(templates: DatabaseTemplates, database: Database): Promise<void> {
  const template = templates.postgres;
  if (!template || !database.pgSchema)
    throw new Error('No PostgreSQL template, or no schema to copy it into');
  const statements = template.statements.replaceAll(
    new RegExp(`\\b${template.schema}\\b`, 'g'),
    database.pgSchema,
  );
  // Without parameters pg sends the text as a simple query: several statements, run as one transaction.
  await sql.raw(statements).execute(database.db);
}

/**
 * pg_dump's lines that set the session for a restore (the pool's connection would keep the settings), its
 * psql-only \restrict guard, and the schema's creation (openDatabase creates it).
 */
function isRestoreOnlyLine(line: string, schema: string): boolean {
  return (
    /^SET [a-z_]+ = [^;]*;$/.test(line) ||
    line === "SELECT pg_catalog.set_config('search_path', '', false);" ||
    /^\\(un)?restrict [A-Za-z0-9]+$/.test(line) ||
    line === `CREATE SCHEMA ${schema};`
  );
}

async function createPostgresTemplate(url: string): Promise<PostgresTemplate> {
  const schema = `template_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ dialect: 'postgres', url }, { pgSchema: schema });
  try {
    await migrateTestDatabase(database);
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--schema', schema, '--no-owner', '--no-privileges', '--inserts', '--dbname', url],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        throw new Error(
          'The PostgreSQL tests copy a migrated schema with pg_dump: install postgresql-client',
        );
      }
      throw error;
    });
    const statements = stdout
      .split('\n')
      .filter((line) => !isRestoreOnlyLine(line, schema))
      .join('\n');
    return { schema, statements };
  } finally {
    await dropTestSchema(database);
    await database.close();
  }
}

/**
 * Kysely's migrator introspects every schema, and PostgreSQL fails that introspection when another worker
 * drops its schema at the same moment: migrating and dropping take one advisory lock (shared by migrations,
 * exclusive for a drop).
 */
const SCHEMA_LOCK_KEY = 7_262_771;

/**
 * Runs migrations on a test database: all of them, or those `migrator` applies. On PostgreSQL under the
 * lock that keeps other workers from dropping their schemas meanwhile (SCHEMA_LOCK_KEY).
 */
export async function migrateTestDatabase(
  database: Database,
  migrator: () => Promise<void> = () => migrateToLatest(database),
): Promise<void> {
  if (database.dialect === 'sqlite') return migrator();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withSchemaLock(database, 'shared', migrator);
      return;
    } catch (error) {
      if (attempt === 3 || !beforeAnyMigration(error)) throw error;
    }
  }
}

/**
 * Kysely's migrator first introspects every schema of the database, looking tables up by name. A table of
 * another test's schema that goes away meanwhile, by a drop or a rollback the lock does not cover, fails it
 * with "relation … does not exist" (42P01) before any migration ran (seen once in CI, with another schema's
 * channel_clicks): nothing was changed, and the migration is tried again.
 */
function beforeAnyMigration(error: unknown): boolean {
  const cause = (error as { cause?: { error?: { code?: unknown }; migrationName?: string } }).cause;
  return cause?.migrationName === undefined && cause?.error?.code === '42P01';
}

/** Drops the PostgreSQL schema of a test database, under the lock (SCHEMA_LOCK_KEY). */
export async function dropTestSchema(database: Database): Promise<void> {
  const schema = database.pgSchema;
  if (!schema) throw new Error('Not a test schema');
  await withSchemaLock(database, 'exclusive', async () => {
    // A query of the closed app still on its way (an event stream's last session check) can hold one
    // table that the drop, locking them one by one, waits for: PostgreSQL then ends one of the two as a
    // deadlock. The query was the app's last; the drop is tried again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== '40P01' || attempt === 3) throw error;
      }
    }
  });
}

async function withSchemaLock(
  database: Database,
  mode: 'shared' | 'exclusive',
  work: () => Promise<void>,
): Promise<void> {
  // Session-level advisory locks belong to one connection: hold one for the lock while `work` uses others.
  await database.db.connection().execute(async (connection) => {
    if (mode === 'shared') await sql`select pg_advisory_lock_shared(${SCHEMA_LOCK_KEY})`.execute(connection);
    else await sql`select pg_advisory_lock(${SCHEMA_LOCK_KEY})`.execute(connection);
    try {
      await work();
    } finally {
      if (mode === 'shared')
        await sql`select pg_advisory_unlock_shared(${SCHEMA_LOCK_KEY})`.execute(connection);
      else await sql`select pg_advisory_unlock(${SCHEMA_LOCK_KEY})`.execute(connection);
    }
  });
}
