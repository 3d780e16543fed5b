import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-app.ts';

describe.skipIf(!process.env.TEST_POSTGRES_URL)('PostgreSQL connections', () => {
  it('survive the server ending an idle connection: a warning, no crash, and the next query works', async () => {
    const { database, dispose } = await openTestDatabase('postgres');
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    try {
      // The pool's one connection, idle once this query is done.
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await expect.poll(() => warnings.some((message) => message.includes('connection lost'))).toBe(true);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      process.off('warning', onWarning);
      await admin.end();
      await dispose();
    }
  });
});
