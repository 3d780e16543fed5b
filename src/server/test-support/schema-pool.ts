import { type Kysely, sql } from 'kysely';
import { type Database, openDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { dropTestSchema } from './database-templates.ts';
import { atEndOfTestFile } from './file-cleanups.ts';

/**
 * Template copies a test file gives back, to be emptied and handed to its next test (decision 061): on
 * PostgreSQL, copying the template into a new schema and dropping it afterwards cost about 230 ms of the
 * server's time per test; emptying the few tables a test wrote costs a few milliseconds.
 */
const idle: string[] = [];

/**
 * The definitions of a fresh copy of the template (schemaShape), taken from the file's first copy; null when
 * the template holds rows, which emptying would lose: then no schema is reused.
 */
let templateShape: string | null | undefined;

/** The migrations' own tables: a copy of the template holds their rows, which every test keeps. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** A schema emptied earlier in this test file, if one is idle. */
export function takeIdleSchema(): string | undefined {
  return idle.pop();
}

/** Notes, from `database` (a fresh copy of the template), what emptied schemas must match to be reused. */
export async function noteTemplateShape(database: Database): Promise<void> {
  if (templateShape !== undefined) return;
  // Emptying gives back the template only while the migrations store no rows of their own.
  const seeded = await tablesWithRows(database.db.withoutPlugins(), database.pgSchema!);
  templateShape = seeded.length ? null : await schemaShape(database);
}

/** The tables of `schema` that hold a row, the migrations' own left out; in one round trip. */
async function tablesWithRows(executor: Kysely<DB>, schema: string): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = ${schema}`.execute(executor);
  const names = tables.map(({ name }) => name).filter((name) => !MIGRATION_TABLES.has(name));
  if (!names.length) return [];
  const probes = names.map(
    (name) => sql`select ${name} as name where exists (select from ${sql.id(schema, name)})`,
  );
  const { rows } = await sql<{ name: string }>`${sql.join(probes, sql` union all `)}`.execute(executor);
  return rows.map(({ name }) => name);
}

/**
 * Empties the template copy `database` (rows, sequences) and keeps its schema for the file's next test, if
 * its definitions are still the template's: resolves to false when they are not, or the tables could not be
 * emptied (a connection still holds one), and the caller drops the schema instead.
 */
export async function emptyForNextTest(database: Database): Promise<boolean> {
  const schema = database.pgSchema;
  if (!schema) throw new Error('Not a test schema');
  const shape = templateShape;
  if (!shape) return false;
  try {
    await database.db
      .withoutPlugins()
      .transaction()
      .execute(async (trx) => {
        await sql`set local lock_timeout = '5s'`.execute(trx);
        // Truncating costs per table, empty or not: only the tables the test wrote.
        const written = await tablesWithRows(trx, schema);
        if (written.length) {
          await sql`truncate ${sql.join(written.map((name) => sql.id(schema, name)))} cascade`.execute(trx);
        }
        // Every sequence back to its start, as in a fresh copy (a rolled-back insert moves one too).
        await sql`select setval(format('%I.%I', schemaname, sequencename), start_value, false)
        from pg_sequences where schemaname = ${schema}`.execute(trx);
      });
    if ((await schemaShape(database)) !== shape) return false;
  } catch {
    return false;
  }
  idle.push(schema);
  atEndOfTestFile(dropIdleSchemas);
  return true;
}

/**
 * The definitions of the schema of `database`, in brief: how many relations, columns, triggers and functions
 * it has, and the migrations it recorded. A test that changed them (a restore, an altered table) does not
 * give its schema back.
 */
async function schemaShape(database: Database): Promise<string> {
  const schema = database.pgSchema!;
  const { rows } = await sql<Record<string, string>>`
    select
      (select count(*) from pg_class where relnamespace = ${schema}::regnamespace) as relations,
      (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = ${schema}::regnamespace and a.attnum > 0 and not a.attisdropped) as columns,
      (select count(*) from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = ${schema}::regnamespace and not t.tgisinternal) as triggers,
      (select count(*) from pg_proc where pronamespace = ${schema}::regnamespace) as functions,
      (select string_agg(name, ',' order by name) from ${sql.id(schema, 'kysely_migration')}) as migrations`.execute(
    database.db.withoutPlugins(),
  );
  return JSON.stringify(rows[0]);
}

/** Drops the schemas still idle when the test file ends. */
async function dropIdleSchemas(): Promise<void> {
  const url = process.env.TEST_POSTGRES_URL!;
  for (const schema of idle.splice(0)) {
    const database = await openDatabase({ dialect: 'postgres', url }, { pgSchema: schema });
    try {
      await dropTestSchema(database);
    } finally {
      await database.close();
    }
  }
}
