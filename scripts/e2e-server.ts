/**
 * Starts the production build for the browser tests on a fresh, empty database: a new SQLite file in an
 * emptied folder, or (DATABASE_URL=postgres://...) a PostgreSQL database dropped and created anew, its
 * BACKUP_DIR emptied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

if (databaseUrl.startsWith('file:')) {
  fs.rmSync(path.dirname(databaseUrl.slice('file:'.length)), { recursive: true, force: true });
} else {
  // The backups of the last run's database, which is dropped now.
  if (process.env.BACKUP_DIR) fs.rmSync(process.env.BACKUP_DIR, { recursive: true, force: true });
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

await import(pathToFileURL(path.resolve('dist/server/main.js')).href);
