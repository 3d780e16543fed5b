import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_APPLICATION_NAME } from '../../db/database.ts';
import {
  BackupError,
  DatabaseInUseError,
  type ProgressListener,
  requireRegularFile,
} from './backup-error.ts';
import { backupDialectOf, compactTimestamp, partialPath, publishFile } from './backup-files.ts';
import {
  postgresConnection,
  requireTools,
  runTool,
  type ToolResult,
  toolComplaint,
} from './postgres-tools.ts';
import { COUNTED_TABLES, type TableCounts } from './restore-summary.ts';
import { compareSchema, type SchemaCheck, schemaRefusal } from './schema-version.ts';

export interface PostgresBackupOptions {
  url: string;
  destination: string;
  /** Tables dumped. */
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'sampark-backup' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_toast%'`,
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * pg_dump in its custom format (compressed, restored by pg_restore). pg_dump reads the whole database in
 * one repeatable-read transaction: a consistent snapshot while the site goes on writing. Progress is
 * counted in tables from its --verbose output.
 */
export async function backupPostgres({
  url,
  destination,
  onProgress,
  signal,
}: PostgresBackupOptions): Promise<{ sizeBytes: number }> {
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists.`);
  await requireTools(url, ['pg_dump']);
  const total = await tableCount(url);
  const connection = postgresConnection(url);
  const partial = partialPath(destination);
  let dumped = 0;
  onProgress?.(0, total);
  try {
    const result = await runTool(
      'pg_dump',
      ['--format=custom', '--verbose', `--file=${partial}`, `--dbname=${connection.dbname}`],
      {
        env: connection.env,
        ...(signal ? { signal } : {}),
        onStderrLine: (line) => {
          if (!/dumping contents of table/.test(line)) return;
          dumped = Math.min(total, dumped + 1);
          onProgress?.(dumped, total);
        },
      },
    );
    if (signal?.aborted) throw new BackupError('The backup was stopped.');
    if (result.code !== 0) throw new BackupError(`pg_dump failed: ${toolComplaint(result)}`);
    onProgress?.(total, total);
    await publishFile(partial, destination);
    return { sizeBytes: fs.statSync(destination).size };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

export interface PostgresRestoreReport {
  schema: SchemaCheck;
  counts: TableCounts;
  keptAside: { path: string; sizeBytes: number } | null;
  sizeBytes: number;
}

export interface PostgresRestoreOptions {
  url: string;
  file: string;
  /** Where the dump of the replaced database is kept. */
  backupDirectory: string;
  now?: number;
  onStep?: (step: 'check' | 'keep' | 'replace') => void;
}

/**
 * Replaces the database's contents with a pg_dump archive: checks the archive (pg_restore can read its
 * table of contents; its schema is one this build knows), refuses while a Sampark server is connected,
 * dumps the current contents aside, then empties the public schema and restores the archive into it in
 * one transaction, so a failure changes nothing. (pg_restore --clean would drop only the archive's
 * objects: tables of a newer schema would stay and break the next migration; decision 017.)
 */
export async function restorePostgres({
  url,
  file,
  backupDirectory,
  now = Date.now(),
  onStep,
}: PostgresRestoreOptions): Promise<PostgresRestoreReport> {
  checkArchiveFile(file);
  await requireTools(url, ['pg_restore', 'psql', 'pg_dump']);
  onStep?.('check');
  const listing = await runTool('pg_restore', ['--list', file]);
  if (listing.code !== 0) {
    throw new BackupError(`${file} cannot be read by pg_restore: ${toolComplaint(listing)}`);
  }
  const schema = compareSchema(await archivedMigrations(file), 'postgres');
  const refusal = schemaRefusal(schema);
  if (refusal) throw new BackupError(`${file} cannot be restored. ${refusal}`);

  const connected = await withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [POSTGRES_APPLICATION_NAME],
    );
    return rows[0]?.n ?? 0;
  });
  if (connected > 0) {
    throw new DatabaseInUseError(
      `A Sampark server is connected to this database (${connected} connection${connected === 1 ? '' : 's'}). ` +
        'Stop every server first (e.g. systemctl stop sampark), then run the restore again.',
    );
  }

  onStep?.('keep');
  let keptAside: PostgresRestoreReport['keptAside'] = null;
  if ((await tableCount(url)) > 0) {
    fs.mkdirSync(backupDirectory, { recursive: true });
    const aside = path.join(backupDirectory, `sampark-before-restore-${compactTimestamp(now)}.dump`);
    keptAside = { path: aside, ...(await backupPostgres({ url, destination: aside })) };
  }

  onStep?.('replace');
  const result = await restoreInOneTransaction(url, file);
  if (result.code !== 0) {
    throw new BackupError(
      `The restore failed and was rolled back; the database is as it was. ${toolComplaint(result)}`,
    );
  }
  const counts = await withClient(url, async (client) => {
    const { rows } = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public'",
    );
    const present = new Set(rows.map((row) => row.tablename));
    const found: TableCounts = [];
    for (const [table, label] of COUNTED_TABLES) {
      if (!present.has(table)) continue;
      const counted = await client.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
      found.push({ label, rows: counted.rows[0]?.n ?? 0 });
    }
    return found;
  });
  return { schema, counts, keptAside, sizeBytes: fs.statSync(file).size };
}

function checkArchiveFile(file: string): void {
  requireRegularFile(file);
  const dialect = backupDialectOf(file);
  if (dialect === 'sqlite') {
    throw new BackupError(`${file} is a SQLite backup, but DATABASE_URL names a PostgreSQL database.`);
  }
  if (dialect !== 'postgres') {
    throw new BackupError(
      `${file} is not a pg_dump archive in the custom format (what npm run backup writes on PostgreSQL).`,
    );
  }
}

/** The migration names stored in the archive, read from its kysely_migration data; null when absent. */
async function archivedMigrations(file: string): Promise<string[] | null> {
  const result = await runTool('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file]);
  if (result.code !== 0) throw new BackupError(`${file} cannot be read: ${toolComplaint(result)}`);
  const lines = result.stdout.split('\n');
  const start = lines.findIndex((line) => /^COPY \S*kysely_migration \(/.test(line));
  if (start === -1) return null;
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const name = line.split('\t')[0];
    if (name) names.push(name);
  }
  return names;
}

/**
 * pg_restore writes the archive as SQL into psql, which runs it after emptying the public schema, in one
 * transaction that stops at the first error. The transaction is committed only once pg_restore has
 * written the whole archive: a truncated file must not be committed as far as it goes.
 */
async function restoreInOneTransaction(url: string, file: string): Promise<ToolResult> {
  const connection = postgresConnection(url);
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file], {
    env: connection.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const psql = spawn(
    'psql',
    ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${connection.dbname}`],
    {
      env: connection.env,
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  restore.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  psql.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  psql.stdin.on('error', () => {
    // psql stopped reading because it failed: its exit code and message say why.
  });
  const restoreClosed = new Promise<number | null>((resolve, reject) => {
    restore.on('error', reject);
    restore.on('close', (code) => {
      psql.stdin.end(code === 0 ? 'COMMIT;\n' : 'ROLLBACK;\n');
      resolve(code);
    });
  });
  const psqlClosed = new Promise<number | null>((resolve, reject) => {
    psql.on('error', reject);
    psql.on('close', (code) => {
      // psql stopped at an error: pg_restore would wait forever on a full pipe.
      if (restore.exitCode === null) restore.kill();
      resolve(code);
    });
  });
  psql.stdin.write('BEGIN;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n');
  restore.stdout.pipe(psql.stdin, { end: false });
  const [restoreCode, psqlCode] = await Promise.all([restoreClosed, psqlClosed]);
  return { code: psqlCode !== 0 ? psqlCode : restoreCode, stdout: '', stderr };
}
