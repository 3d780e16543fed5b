import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';

export interface ScratchPostgresDatabase {
  url: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** What every scratch database of this test run has in its name, for the run's end to drop them. */
    scratchPostgresRun: string;
  }
}

/** A new name for this run's scratch databases' mark (src/test-global-setup.ts provides it to the tests). */
export function newScratchPostgresRun(): string {
  return `run${randomBytes(3).toString('hex')}`;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database of its own on the TEST_POSTGRES_URL server, for tests of whole-database tools
 * (pg_dump and pg_restore copy a database, not the schema other suites get): `<prefix>_<run>_<random>`.
 * It is not dropped when the test ends but with the rest of the run's (dropScratchPostgresDatabases): each
 * drop makes PostgreSQL write a checkpoint at once, which on a loaded machine took longer than a test's hook
 * may.
 */
export async function createScratchPostgresDatabase(prefix: string): Promise<ScratchPostgresDatabase> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `${prefix}_${inject('scratchPostgresRun')}_${randomBytes(3).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid database name: ${name}`);
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href };
}

/** Drops the scratch databases of the run marked `run`, once its tests are over. */
export async function dropScratchPostgresDatabases(serverUrl: string, run: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`%\\_${run}\\_%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}

/** For each test of the calling suite: a new scratch database (see createScratchPostgresDatabase). Read `url` inside tests. */
export function scratchPostgresForEachTest(prefix: string): Pick<ScratchPostgresDatabase, 'url'> {
  let scratch: ScratchPostgresDatabase | undefined;
  beforeEach(async () => {
    scratch = await createScratchPostgresDatabase(prefix);
  });
  afterEach(() => {
    scratch = undefined;
  });
  return {
    get url() {
      if (!scratch) throw new Error('The scratch database exists only while a test runs');
      return scratch.url;
    },
  };
}
