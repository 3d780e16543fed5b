import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrateTestDatabase } from './database-templates.ts';
import { createAdmin, openTestDatabase, storedInquiry, TEST_DIALECTS } from './test-app.ts';

/** The migrations' names as the database recorded them (not when: the template was migrated earlier). */
async function migrationsRecorded(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    database.db.withoutPlugins(),
  );
  return rows.map((row) => row.name);
}

/** What SQLite stores of a schema: every table, index, trigger and view as created, and each table's rows. */
async function describeSqlite(database: Database): Promise<object> {
  const raw = database.db.withoutPlugins();
  const { rows: objects } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_schema order by type, name`.execute(raw);
  const counts: Record<string, number> = {};
  for (const { name } of objects.filter((object) => object.type === 'table')) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.id(name)}`.execute(raw);
    counts[name] = rows[0]!.n;
  }
  const { rows: version } = await sql<{ user_version: number }>`pragma user_version`.execute(raw);
  return {
    objects,
    counts,
    userVersion: version[0]?.user_version,
    migrations: await migrationsRecorded(database),
  };
}

/**
 * What PostgreSQL's catalog holds of a schema, with the schema's own name replaced so that two schemas can be
 * compared: columns, indexes, constraints, triggers, functions, sequences, views and each table's row count.
 */
async function describePostgres(database: Database): Promise<object> {
  const raw = database.db.withoutPlugins();
  const schema = database.pgSchema!;
  const query = async (statement: ReturnType<typeof sql>) =>
    JSON.parse(JSON.stringify((await statement.execute(raw)).rows).replaceAll(schema, '<schema>'));
  const tables: { table_name: string }[] = await query(sql`
    select table_name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE'
    order by table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.id(schema, table_name)}`.execute(raw);
    counts[table_name] = Number(rows[0]!.n);
  }
  return {
    // In order, without ordinal_position: a column a migration dropped leaves a gap there, which a copy closes.
    columns: await query(sql`
      select table_name, column_name, data_type, is_nullable, column_default, is_identity,
        identity_generation, identity_start, identity_increment, collation_name, is_generated, generation_expression
      from information_schema.columns where table_schema = ${schema} order by table_name, ordinal_position`),
    indexes: await query(sql`
      select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema}
      order by tablename, indexname`),
    constraints: await query(sql`
      select r.relname as table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class r on r.oid = c.conrelid join pg_namespace n on n.oid = r.relnamespace
      where n.nspname = ${schema} order by r.relname, c.conname`),
    triggers: await query(sql`
      select r.relname as table_name, t.tgname, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace
      where n.nspname = ${schema} and not t.tgisinternal order by r.relname, t.tgname`),
    functions: await query(sql`
      select p.proname, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = ${schema}
      order by p.proname`),
    sequences: await query(sql`
      select sequencename, data_type, start_value, min_value, max_value, increment_by, cycle, last_value
      from pg_sequences where schemaname = ${schema} order by sequencename`),
    views: await query(sql`
      select table_name, view_definition from information_schema.views where table_schema = ${schema}
      order by table_name`),
    counts,
    migrations: await migrationsRecorded(database),
  };
}

describe.each(TEST_DIALECTS)('the migrated template on %s', (dialect) => {
  it('is what running every migration on an empty database builds', async () => {
    const fresh = await openTestDatabase(dialect, { migrate: false });
    const copy = await openTestDatabase(dialect);
    try {
      await migrateTestDatabase(fresh.database);
      const describeSchema = dialect === 'sqlite' ? describeSqlite : describePostgres;
      const expected = await describeSchema(fresh.database);
      expect(expected).toMatchObject({
        migrations: expect.arrayContaining(['0001_admins_and_contact_channels']),
      });
      expect(await describeSchema(copy.database)).toEqual(expected);
    } finally {
      await fresh.dispose();
      await copy.dispose();
    }
  });

  it('leaves a database opened with migrate: false empty, for the tests of migrations', async () => {
    const { database, dispose } = await openTestDatabase(dialect, { migrate: false });
    try {
      // Not Kysely's introspection: on PostgreSQL it reads every schema, which other workers drop meanwhile.
      const { rows } =
        dialect === 'sqlite'
          ? await sql`select name from sqlite_schema`.execute(database.db)
          : await sql`select table_name from information_schema.tables where table_schema = ${database.pgSchema}`.execute(
              database.db,
            );
      expect(rows).toEqual([]);
    } finally {
      await dispose();
    }
  });

  if (dialect === 'postgres')
    it('gives the next test of the file the schema a test wrote in, as empty as a fresh copy', async () => {
      const first = await openTestDatabase(dialect);
      // An account and an inquiry: rows in several tables, and the inbox's counts kept by triggers.
      await createAdmin(first.database);
      await first.database.db
        .insertInto('contactInquiries')
        .values(storedInquiry('2026-01-01T00:00:00.000Z'))
        .execute();
      expect(await describePostgres(first.database)).toMatchObject({
        counts: { admins: 1, contact_inquiries: 1 },
      });
      await first.dispose();

      const reused = await openTestDatabase(dialect);
      const fresh = await openTestDatabase(dialect);
      try {
        expect(reused.database.pgSchema).toBe(first.database.pgSchema);
        expect(fresh.database.pgSchema).not.toBe(first.database.pgSchema);
        expect(await describePostgres(reused.database)).toEqual(await describePostgres(fresh.database));
      } finally {
        await reused.dispose();
        await fresh.dispose();
      }
    });
});
