import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupDirectory } from '../../config.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { scratchPostgresForEachTest } from '../../test-support/scratch-postgres.ts';
import {
  asAdmin,
  buildTestApp,
  createAdmin,
  createSignedInTestApp,
  expectAuthenticationRequired,
  signedInAppForEachTest,
  signIn,
} from '../../test-support/test-app.ts';
import { createBackupService } from './backup-service.ts';

const STATUS = '/api/admin/backups';
const LATEST = '/api/admin/backups/latest';

async function expectNoBackupYet(app: FastifyInstance, cookie: string) {
  const status = await app.inject(asAdmin(cookie, { method: 'GET', url: STATUS }));
  expect(status.statusCode).toBe(200);
  expect(status.json().backups).toMatchObject({ latest: null, lastFailure: null, running: false });
  const download = await app.inject(asAdmin(cookie, { method: 'GET', url: LATEST }));
  expect(download.statusCode).toBe(404);
  expect(download.json()).toEqual({
    success: false,
    code: 'NOT_FOUND',
    message: 'No backup has been taken yet',
  });
}

/** After a backup: Settings shows its time and size, and the download is that file, byte for byte. */
async function expectDownloadable(app: FastifyInstance, cookie: string, file: string, header: string) {
  const status = await app.inject(asAdmin(cookie, { method: 'GET', url: STATUS }));
  const fileName = path.basename(file);
  expect(status.json().backups.latest).toEqual({
    fileName,
    takenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
    sizeBytes: fs.statSync(file).size,
  });
  const download = await app.inject(asAdmin(cookie, { method: 'GET', url: LATEST }));
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/octet-stream');
  expect(download.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(download.headers['cache-control']).toBe('no-store');
  expect(download.rawPayload.equals(fs.readFileSync(file))).toBe(true);
  expect(download.rawPayload.subarray(0, header.length).toString('latin1')).toBe(header);
}

describe('backups in Settings (SQLite)', () => {
  const t = signedInAppForEachTest('sqlite');

  it('is for signed-in admins only', async () => {
    for (const url of [STATUS, LATEST]) {
      expectAuthenticationRequired(await t.app.inject({ method: 'GET', url }));
    }
  });

  it('says none is taken yet, then shows the newest backup and downloads it', async () => {
    await expectNoBackupYet(t.app, t.cookie);
    const directory = backupDirectory(t.config, t.database.target);
    const status = await t.app.inject(asAdmin(t.cookie, { method: 'GET', url: STATUS }));
    expect(status.json().backups).toMatchObject({
      automatic: { state: 'on', keepDays: 14, nextAt: expect.any(String) },
      directory,
    });

    // Both on the test clock: on a busy machine the real one may pass the test clock's two seconds.
    const backups = createBackupService({ target: t.database.target, directory, clock: t.clock });
    await backups.take();
    t.clock.advance(2_000);
    const newest = await createBackupService({ target: t.database.target, directory, clock: t.clock }).take();
    await expectDownloadable(t.app, t.cookie, newest!.path, 'SQLite format 3\0');
  });

  it('takes a backup now, one at a time: a second ask joins the one under way, and both are in the audit log', async () => {
    const take = () => t.app.inject(asAdmin(t.cookie, { method: 'POST', url: STATUS }));
    expectAuthenticationRequired(await t.app.inject({ method: 'POST', url: STATUS }));
    const first = await take();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().backups.running).toBe(true);
    const second = await take();
    expect(second.statusCode).toBe(202);

    await vi.waitFor(
      async () => {
        const status = await t.app.inject(asAdmin(t.cookie, { method: 'GET', url: STATUS }));
        expect(status.json().backups).toMatchObject({ running: false, progress: null, lastFailure: null });
      },
      { timeout: 30_000, interval: 50 },
    );
    const directory = backupDirectory(t.config, t.database.target);
    const files = fs.readdirSync(directory);
    expect(files).toHaveLength(1);
    await expectDownloadable(t.app, t.cookie, path.join(directory, files[0]!), 'SQLite format 3\0');

    const log = await t.app.inject(asAdmin(t.cookie, { method: 'GET', url: '/api/admin/audit-log' }));
    const actions = (log.json() as { entries: { action: string }[] }).entries.map((entry) => entry.action);
    expect(actions.filter((action) => action === 'backup.create')).toHaveLength(2);
  });

  it('says when automatic backups are turned off', async () => {
    const off = await createSignedInTestApp('sqlite', { BACKUP_KEEP_DAYS: '0' });
    try {
      const status = await off.t.app.inject(asAdmin(off.cookie, { method: 'GET', url: STATUS }));
      expect(status.json().backups.automatic).toEqual({
        state: 'off',
        reason: 'Automatic backups are turned off (BACKUP_KEEP_DAYS=0).',
      });
    } finally {
      await off.t.close();
    }
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL)('backups in Settings (PostgreSQL)', () => {
  const scratch = scratchPostgresForEachTest('sampark_backup_routes');
  let database: Database;
  let app: FastifyInstance;
  let directory: string;
  beforeEach(async () => {
    // Inside the working directory on purpose: Settings then shows the path relative to it.
    fs.mkdirSync(path.resolve('.tmp'), { recursive: true });
    directory = fs.mkdtempSync(path.join(path.resolve('.tmp'), 'backup-routes-'));
    database = await openDatabase({ dialect: 'postgres', url: scratch.url });
    app = await buildTestApp(database, { BACKUP_DIR: directory });
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('shows pg_dump backups and downloads the newest', async () => {
    await createAdmin(database);
    const cookie = await signIn(app);
    expectAuthenticationRequired(await app.inject({ method: 'GET', url: STATUS }));
    await expectNoBackupYet(app, cookie);
    const status = await app.inject(asAdmin(cookie, { method: 'GET', url: STATUS }));
    // Inside the server's working directory, the path is shown relative to it.
    expect(status.json().backups).toMatchObject({
      automatic: { state: 'on', keepDays: 14 },
      directory: path.relative(process.cwd(), directory),
    });
    expect(status.body).not.toContain(process.cwd());

    const taken = await createBackupService({ target: database.target, directory }).take();
    expect(path.basename(taken!.path)).toMatch(/^sampark-\d{8}T\d{6}Z\.dump$/);
    await expectDownloadable(app, cookie, taken!.path, 'PGDMP');
  });
});
