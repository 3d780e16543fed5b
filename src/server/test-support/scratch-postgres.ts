import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';

export interface ScratchPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database of its own on the TEST_POSTGRES_URL server, for tests of whole-database tools
 * (pg_dump and pg_restore copy a database, not the schema other suites get): `<prefix>_<pid>_<random>`.
 */
export async function createScratchPostgresDatabase(prefix: string): Promise<ScratchPostgresDatabase> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid database name: ${name}`);
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * For each test of the calling suite: a scratch database (see createScratchPostgresDatabase), dropped after
 * the test, once the suite's own afterEach has closed what it opened on it. Read `url` inside tests.
 */
export function scratchPostgresForEachTest(prefix: string): Pick<ScratchPostgresDatabase, 'url'> {
  let scratch: ScratchPostgresDatabase | undefined;
  beforeEach(async () => {
    scratch = await createScratchPostgresDatabase(prefix);
  });
  afterEach(async () => {
    await scratch?.drop();
    scratch = undefined;
  });
  return {
    get url() {
      if (!scratch) throw new Error('The scratch database exists only while a test runs');
      return scratch.url;
    },
  };
}
