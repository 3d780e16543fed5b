import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-app.ts';

/** PRAGMA synchronous answers a number: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
const SQLITE_SYNCHRONOUS_FULL = 2;

describe('SQLite durability', () => {
  it('opens in WAL mode with synchronous=FULL, so an acknowledged write survives a power cut', async () => {
    // openTestDatabase opens a file the way the server does (openDatabase), not an in-memory database.
    const { database, dispose } = await openTestDatabase('sqlite');
    try {
      const raw = database.db.withoutPlugins();
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(raw);
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(raw);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      expect(synchronous.rows[0]?.synchronous).toBe(SQLITE_SYNCHRONOUS_FULL);
    } finally {
      await dispose();
    }
  });
});

describe('SQLite and another process writing', () => {
  it("takes the write lock as a transaction begins, so another process's write cannot make it fail", async () => {
    const { database, dispose } = await openTestDatabase('sqlite');
    // Another process on the same file, as `npm run admin` or a test's helper is: it does not wait here.
    const other = new SQLite(database.target.dialect === 'sqlite' ? database.target.filename : '');
    other.pragma('busy_timeout = 0');
    const otherWrite = () =>
      other.prepare("update site_settings set updated_at = '2026-01-01T00:00:00.000Z'").run();
    try {
      const status = await database.db.transaction().execute(async (trx) => {
        // Read first, as a change of an inquiry does; then the other process tries to write.
        await trx.selectFrom('siteSettings').select('id').execute();
        expect(otherWrite).toThrow(/database is locked/);
        await trx.updateTable('siteSettings').set({ updatedAt: '2026-02-01T00:00:00.000Z' }).execute();
        return 'committed';
      });
      expect(status).toBe('committed');
      // Once it has committed, the other process writes (it would have waited for its busy timeout).
      expect(otherWrite().changes).toBeGreaterThanOrEqual(0);
    } finally {
      other.close();
      await dispose();
    }
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)('PostgreSQL connections', () => {
  it('commit synchronously: a commit is acknowledged once it is flushed to the write-ahead log', async () => {
    const { database, dispose } = await openTestDatabase('postgres');
    try {
      const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(
        database.db.withoutPlugins(),
      );
      // PostgreSQL's default 'on' (and 'local', 'remote_write', 'remote_apply') flush the commit's WAL record
      // to this server's disk before answering; only 'off' answers first. The pool must not turn it off.
      expect(rows[0]?.synchronous_commit).not.toBe('off');
    } finally {
      await dispose();
    }
  });

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
