import fs from 'node:fs';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { databaseTarget, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { commitEach } from '../src/server/db/group-commit.ts';

/**
 * The server for the inquiry write bench: the app as src/server/main.ts starts it (same config, same
 * openDatabase, same buildApp), with two levers the app itself does not offer, so that the setups before
 * and after decision 012 are measured in one run:
 * - BENCH_SQLITE_SYNCHRONOUS=normal puts SQLite back on the setting used before (FULL is the default);
 * - BENCH_COMMIT=each commits every write on its own, as before, instead of the group commit.
 * What is in force is written to BENCH_REPORT_FILE as JSON (the pragma belongs to the connection, so the
 * bench could not read it from the file afterwards).
 */
const SYNCHRONOUS_CODES = { normal: 1, full: 2 } as const;
type Synchronous = keyof typeof SYNCHRONOUS_CODES;

export interface WriteServerReport {
  /** PRAGMA synchronous: 1 NORMAL, 2 FULL. */
  synchronous: number;
  journalMode: string;
  commit: 'group' | 'each';
}

const config = loadConfig();
const target = databaseTarget(config.DATABASE_URL);
if (target.dialect !== 'sqlite') throw new Error('The inquiry write bench runs on SQLite only');
const opened = await openDatabase(target);

const wanted = process.env.BENCH_SQLITE_SYNCHRONOUS as Synchronous | undefined;
if (wanted !== undefined) {
  if (!(wanted in SYNCHRONOUS_CODES)) throw new Error('BENCH_SQLITE_SYNCHRONOUS must be normal or full');
  await sql.raw(`pragma synchronous = ${wanted}`).execute(opened.db);
}
const commit = process.env.BENCH_COMMIT === 'each' ? 'each' : 'group';
const database = commit === 'each' ? { ...opened, groupCommit: commitEach(opened.db) } : opened;

const raw = database.db.withoutPlugins();
const synchronous = (await sql<{ synchronous: number }>`pragma synchronous`.execute(raw)).rows[0]
  ?.synchronous;
const journalMode = (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(raw)).rows[0]
  ?.journal_mode;
if (synchronous === undefined || journalMode === undefined)
  throw new Error('SQLite did not answer its pragmas');
if (wanted !== undefined && synchronous !== SYNCHRONOUS_CODES[wanted]) {
  throw new Error(`pragma synchronous is ${synchronous}, not ${wanted}`);
}
if (process.env.BENCH_REPORT_FILE) {
  const report: WriteServerReport = { synchronous, journalMode, commit };
  fs.writeFileSync(process.env.BENCH_REPORT_FILE, JSON.stringify(report));
}

const app = await buildApp(config, { database });
app.addHook('onClose', () => database.close());
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ host: config.HOST, port: config.PORT });
