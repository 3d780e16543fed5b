import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_COPY_MESSAGES } from '../../../shared/rules/backup-copies.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { runBackupCommand } from '../../cli/backup-command.ts';
import { runRestoreCommand } from '../../cli/restore-command.ts';
import { loadConfig } from '../../config.ts';
import { type Database, type Dialect, openDatabase } from '../../db/database.ts';
import { createApiToken } from '../../test-support/api-tokens.ts';
import { captureOutput, readSqlite } from '../../test-support/backup-fixtures.ts';
import { debianTool } from '../../test-support/deploy-examples.ts';
import {
  startS3Server,
  TEST_ACCESS_KEY_ID,
  TEST_BUCKET,
  type TestS3Server,
} from '../../test-support/s3-test-server.ts';
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
} from '../../test-support/scratch-postgres.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp-test-server.ts';
import {
  asAdmin,
  buildTestApp,
  createAdmin,
  createRunningTestClock,
  expectAuthenticationRequired,
  expectBadRequest,
  postInquiry,
  signedInAppForEachTest,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
  type TestClock,
} from '../../test-support/test-app.ts';

/** The databases' own tools, which must not open a copy without the key (.ci/run installs them). */
const SQLITE3 = debianTool('sqlite3', 'sqlite3');
const PG_RESTORE = debianTool('pg_restore', 'postgresql-client');

const DESTINATION = '/api/admin/backups/destination';
/** The outbox gives an entry up a day after it was written (decision 031). */
const GIVE_UP_AFTER_MS = DAY_MS;
/** A secret no answer, log line, audit entry or email may ever carry. */
const SECRET = `s3-secret-${randomBytes(12).toString('hex')}`;

async function ownerKey() {
  const identity = await generateIdentity();
  return { identity, recipient: await identityToRecipient(identity) };
}

function destinationInput(s3: Pick<TestS3Server, 'endpoint'>, recipient: string, overrides: object = {}) {
  return {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: TEST_BUCKET,
    prefix: 'shop/daily',
    accessKeyId: TEST_ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    forcePathStyle: true,
    recipient,
    ...overrides,
  };
}

/** Every line the app logged, as written. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/**
 * The app on a database whose backups can be taken: a SQLite file, or a PostgreSQL database of its own (the
 * shared test schema cannot be pg_dumped alone); its backups in a temporary directory.
 */
async function backupApp(dialect: Dialect, env: Record<string, string>, clock: TestClock, logger: object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-copies-'));
  let scratch: ScratchPostgresDatabase | undefined;
  let database: Database;
  if (dialect === 'sqlite') {
    database = await openDatabase({ dialect: 'sqlite', filename: path.join(dir, 'data', 'sampark.db') });
  } else {
    scratch = await createScratchPostgresDatabase('sampark_copies');
    database = await openDatabase({ dialect: 'postgres', url: scratch.url });
  }
  const app = await buildTestApp(
    database,
    { BACKUP_DIR: path.join(dir, 'backups'), WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true', ...env },
    { clock, logger },
  );
  await createAdmin(database);
  return {
    app,
    database,
    dir,
    scratchUrl: scratch?.url,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type BackupApp = Awaited<ReturnType<typeof backupApp>>;

async function backUpNow(app: FastifyInstance, cookie: string) {
  const taken = await app.inject(asAdmin(cookie, { method: 'POST', url: '/api/admin/backups' }));
  expect(taken.statusCode, taken.body).toBe(202);
  await vi.waitFor(
    async () => {
      const status = await app.inject(asAdmin(cookie, { url: '/api/admin/backups' }));
      expect(status.json().backups).toMatchObject({ running: false, lastFailure: null });
      expect(status.json().backups.latest).not.toBeNull();
    },
    { timeout: 60_000, interval: 50 },
  );
}

/** The Backups card's reading of the copies, once the outbox has handled what is due. */
async function copyState(app: FastifyInstance, cookie: string) {
  await app.notificationOutbox.drain();
  const answer = await app.inject(asAdmin(cookie, { url: DESTINATION }));
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.body).not.toContain(SECRET);
  return answer.json();
}

function compact(ms: number) {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

describe.each(TEST_DIALECTS)('backups copied off the machine, encrypted (%s)', (dialect) => {
  let s3: TestS3Server;
  let smtp: TestSmtpServer;
  let t: BackupApp;
  let clock: TestClock;
  let log: ReturnType<typeof capturedLog>;
  beforeEach(async () => {
    s3 = await startS3Server();
    smtp = await startSmtpServer();
    clock = createRunningTestClock();
    log = capturedLog();
    t = await backupApp(dialect, { SMTP_URL: smtp.url }, clock, log.logger);
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
    await s3.close();
  });

  it('uploads an age file, not the database, that decrypts and restores every acknowledged inquiry; old copies go', async () => {
    const cookie = await signIn(t.app);
    const { identity, recipient } = await ownerKey();
    // Copies already in the bucket: one older than BACKUP_KEEP_DAYS (14), one recent, and things that are not
    // Sampark's copies, old or not, which retention must leave alone.
    const old = `shop/daily/sampark-${compact(clock() - 20 * DAY_MS)}.db.age`;
    const recent = `shop/daily/sampark-${compact(clock() - 2 * DAY_MS)}.dump.age`;
    const foreign = ['shop/daily/notes.txt', `shop/other/sampark-${compact(clock() - 20 * DAY_MS)}.db.age`];
    for (const key of [old, recent, ...foreign]) await s3.put(key, 'not a backup');

    const saved = await t.app.inject(
      asAdmin(cookie, { method: 'PUT', url: DESTINATION, payload: destinationInput(s3, recipient) }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().destination).toMatchObject({
      bucket: TEST_BUCKET,
      secretAccessKeySet: true,
      recipient,
    });
    expect(saved.body).not.toContain(SECRET);

    const acknowledged: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const posted = await t.app.inject(postInquiry());
      expect(posted.statusCode, posted.body).toBe(201);
      acknowledged.push(posted.json().data._id);
    }
    await backUpNow(t.app, cookie);
    await vi.waitFor(async () => expect((await copyState(t.app, cookie)).lastCopy.status).toBe('done'), {
      timeout: 60_000,
      interval: 50,
    });
    const { lastCopy } = await copyState(t.app, cookie);
    const copyKey = `shop/daily/${lastCopy.fileName}.age`;
    expect(lastCopy).toMatchObject({ lastError: null, attempts: 1, location: `${TEST_BUCKET}/${copyKey}` });

    // Remote retention: the old copy went; the recent one, the new one and what is not a copy stayed.
    expect(await s3.keys()).toEqual([...foreign, copyKey, recent].sort());

    const object = await s3.get(copyKey);
    expect(object.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    expect(object.includes(Buffer.from('SQLite format 3'))).toBe(false);
    expect(object.subarray(0, 5).toString('latin1')).not.toBe('PGDMP');

    // The owner downloads it and restores it elsewhere with the identity only they have.
    const downloaded = path.join(t.dir, path.basename(copyKey));
    fs.writeFileSync(downloaded, object);
    // Without the key, neither database's tool opens it.
    const bySqlite = spawnSync(SQLITE3.require(), [downloaded, 'select count(*) from sqlite_master'], {
      encoding: 'utf8',
    });
    expect(bySqlite.status).not.toBe(0);
    expect(bySqlite.stderr).toMatch(/not a database/);
    const byPgRestore = spawnSync(PG_RESTORE.require(), ['--list', downloaded], { encoding: 'utf8' });
    expect(byPgRestore.status).not.toBe(0);
    expect(byPgRestore.stderr).toMatch(/not a valid archive|input file/);
    const identityFile = path.join(t.dir, 'sampark-backup.key');
    fs.writeFileSync(identityFile, `# created: now\n# public key: ${recipient}\n${identity}\n`);
    const restoredIds = await restoreElsewhere(dialect, downloaded, identityFile, t.dir);
    expect(acknowledged.filter((id) => !restoredIds.has(id))).toEqual([]);

    // A wrong identity opens nothing.
    const other = path.join(t.dir, 'other.key');
    fs.writeFileSync(other, `${(await ownerKey()).identity}\n`);
    await expect(
      runRestoreCommand(
        [downloaded, '--identity', other],
        loadConfig({ DATABASE_URL: `file:${path.join(t.dir, 'x.db')}` }),
        captureOutput(),
      ),
    ).rejects.toThrow(/does not open/);

    expect(log.lines.join('')).not.toContain(SECRET);
  });

  it('npm run backup -- --to s3 takes a backup and copies it at once, encrypted, saying so', async () => {
    const cookie = await signIn(t.app);
    const { recipient } = await ownerKey();
    const saved = await t.app.inject(
      asAdmin(cookie, { method: 'PUT', url: DESTINATION, payload: destinationInput(s3, recipient) }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const config = loadConfig({
      DATABASE_URL: t.scratchUrl ?? `file:${path.join(t.dir, 'data', 'sampark.db')}`,
      BACKUP_DIR: path.join(t.dir, 'backups'),
      WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true',
    });
    const output = captureOutput();
    await runBackupCommand(['--to', 's3'], config, output, clock);
    const keys = await s3.keys();
    expect(keys).toEqual([expect.stringMatching(/^shop\/daily\/sampark-\S+\.(db|dump)\.age$/)]);
    const object = await s3.get(keys[0]!);
    expect(object.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    expect(output.lines.join('\n')).toContain(keys[0]!.slice('shop/daily/'.length));
    expect(output.lines.join('\n')).not.toContain(SECRET);
    // The copy is on record as done: the card shows it.
    expect((await copyState(t.app, cookie)).lastCopy).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('records a rejected copy, retries it in its own lane, shows it, and emails the administrators when it gives up', async () => {
    const cookie = await signIn(t.app);
    const { recipient } = await ownerKey();
    const saved = await t.app.inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: DESTINATION,
        payload: destinationInput(s3, recipient, { bucket: 'no-such-bucket' }),
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await backUpNow(t.app, cookie);

    const failing = (await copyState(t.app, cookie)).lastCopy;
    expect(failing).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: `The bucket no-such-bucket does not exist at ${s3.endpoint}.`,
    });
    const entry = await t.database.db
      .selectFrom('notificationOutbox')
      .select(['lane', 'status', 'attempts'])
      .where('kind', '=', 'backup-copy')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ lane: 'backup-copy', status: 'pending', attempts: 1 });

    // Retried with the outbox's backoff until a day has passed, then given up.
    let session = cookie;
    for (let elapsed = 0; elapsed <= GIVE_UP_AFTER_MS; elapsed += 2 * 60 * 60_000) {
      clock.advance(2 * 60 * 60_000);
      await t.app.notificationOutbox.drain();
    }
    session = await signIn(t.app);
    const givenUp = (await copyState(t.app, session)).lastCopy;
    expect(givenUp.status).toBe('failed');
    expect(givenUp.attempts).toBeGreaterThan(3);
    expect(givenUp.lastError).toContain('no-such-bucket');

    await vi.waitFor(
      async () => {
        await t.app.notificationOutbox.drain();
        const subjects = smtp.to(TEST_ADMIN.email).map(({ mail }) => mail.subject);
        expect(subjects).toContain('Sampark security notice: a backup was not copied off the machine');
        // Setting where backups go is itself a security notice.
        expect(subjects).toContain('Sampark security notice: Backups are now copied to a new place');
      },
      { timeout: 30_000, interval: 50 },
    );
    const mails = smtp.to(TEST_ADMIN.email).map(({ mail }) => `${mail.subject}\n${mail.text}`);
    expect(mails.join('\n')).toContain('no-such-bucket');
    expect(mails.join('\n')).not.toContain(SECRET);

    const audit = await t.app.inject(asAdmin(session, { url: '/api/admin/audit-log' }));
    expect(audit.body).toContain('backup.destination-update');
    expect(audit.body).not.toContain(SECRET);
    const rows = await t.database.db.selectFrom('auditLog').select('detail').execute();
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(log.lines.join('')).not.toContain(SECRET);
  });

  it('says in plain words when the storage cannot be reached', async () => {
    const cookie = await signIn(t.app);
    const { recipient } = await ownerKey();
    const closed = await startS3Server();
    const unreachable = closed.endpoint;
    await closed.close();
    const saved = await t.app.inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: DESTINATION,
        payload: destinationInput({ endpoint: unreachable }, recipient),
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await backUpNow(t.app, cookie);
    const { lastCopy } = await copyState(t.app, cookie);
    expect(lastCopy).toMatchObject({ status: 'pending', attempts: 1 });
    expect(lastCopy.lastError).toBe(
      `The storage could not be reached (${unreachable}, bucket ${TEST_BUCKET}): ECONNREFUSED.`,
    );
  });
});

/**
 * Restores the encrypted copy with `npm run restore -- <file> --identity <key>` into a new, empty database
 * and returns the ids of the inquiries it holds.
 */
async function restoreElsewhere(dialect: Dialect, file: string, identityFile: string, dir: string) {
  if (dialect === 'sqlite') {
    const target = path.join(dir, 'restored', 'sampark.db');
    const output = captureOutput();
    await runRestoreCommand(
      [file, '--identity', identityFile],
      loadConfig({ DATABASE_URL: `file:${target}` }),
      output,
    );
    expect(output.lines[0]).toMatch(/^Decrypting .+\.age with .+sampark-backup\.key \.\.\.$/);
    return readSqlite(
      target,
      (db) => new Set(db.prepare('select id from contact_inquiries').pluck().all() as string[]),
    );
  }
  const scratch = await createScratchPostgresDatabase('sampark_copies_restored');
  await runRestoreCommand(
    [file, '--identity', identityFile],
    loadConfig({ DATABASE_URL: scratch.url, BACKUP_DIR: dir }),
    captureOutput(),
  );
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from contact_inquiries');
    return new Set(rows.map((row) => row.id));
  } finally {
    await client.end();
  }
}

describe.each(TEST_DIALECTS)('who may see and set the off-machine copies (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect, { WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true' });
  const s3 = { endpoint: 'http://127.0.0.1:9' };
  let recipient: string;
  beforeEach(async () => {
    ({ recipient } = await ownerKey());
  });
  const put = (cookie: string | undefined, payload: object, extra: InjectOptions = {}) =>
    t.app.inject(asAdmin(cookie, { method: 'PUT', url: DESTINATION, payload, ...extra }));

  it('keeps the secret write-only: never answered, kept when the field is left empty', async () => {
    const first = await put(t.cookie, destinationInput(s3, recipient, { secretAccessKey: '' }));
    expectBadRequest(first, 'secretAccessKey', BACKUP_COPY_MESSAGES.secretAccessKey);

    expect((await put(t.cookie, destinationInput(s3, recipient))).statusCode).toBe(200);
    const again = await put(
      t.cookie,
      destinationInput(s3, recipient, { secretAccessKey: '', prefix: 'elsewhere' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().destination).toEqual({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: TEST_BUCKET,
      prefix: 'elsewhere',
      accessKeyId: TEST_ACCESS_KEY_ID,
      secretAccessKeySet: true,
      forcePathStyle: true,
      recipient,
      updatedAt: expect.any(String),
    });
    const stored = await t.database.db
      .selectFrom('backupDestinations')
      .select('secretAccessKey')
      .executeTakeFirst();
    expect(stored?.secretAccessKey).toBe(SECRET);
    const read = await t.app.inject(asAdmin(t.cookie, { url: DESTINATION }));
    expect(read.body).not.toContain(SECRET);
    const audit = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/audit-log' }));
    expect(audit.body).toContain('backup.destination-update');
    expect(audit.body).not.toContain(SECRET);
  });

  it('answers 400 on the field for a bad key, bucket, prefix or address, never a 5xx', async () => {
    const cases: [object, string][] = [
      [{ recipient: 'age1notakey' }, 'recipient'],
      // Bech32 characters, the right length, but a wrong checksum: only the age library can tell.
      [{ recipient: `${recipient.slice(0, -1)}${recipient.endsWith('q') ? 'p' : 'q'}` }, 'recipient'],
      [
        { recipient: 'AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ' },
        'recipient',
      ],
      [{ bucket: 'No_Such' }, 'bucket'],
      [{ prefix: '../up' }, 'prefix'],
      [{ endpoint: 'ftp://storage.example.com' }, 'endpoint'],
      [{ endpoint: 'https://storage.example.com/path?x=1' }, 'endpoint'],
      [{ endpoint: 'https://user:pass@storage.example.com' }, 'endpoint'],
      [{ region: 'US East' }, 'region'],
      [{ accessKeyId: '' }, 'accessKeyId'],
    ];
    for (const [change, field] of cases) {
      expectBadRequest(await put(t.cookie, destinationInput(s3, recipient, change)), field);
    }
    expect((await t.app.inject(asAdmin(t.cookie, { url: DESTINATION }))).json().destination).toBeNull();
  });

  it('refuses a private address unless private webhooks are allowed, by the same rule', async () => {
    const strict = await buildTestApp(t.database, {});
    try {
      const cookie = await signIn(strict);
      for (const endpoint of [
        'http://127.0.0.1:9000',
        'https://10.0.0.5',
        'https://[::ffff:169.254.169.254]',
      ]) {
        const refused = await strict.inject(
          asAdmin(cookie, {
            method: 'PUT',
            url: DESTINATION,
            payload: destinationInput({ endpoint }, recipient),
          }),
        );
        expectBadRequest(refused, 'endpoint');
      }
      const read = await strict.inject(asAdmin(cookie, { url: DESTINATION }));
      expect(read.json().privateAddressesAllowed).toBe(false);
    } finally {
      await strict.close();
    }
  });

  it('is for administrators with a session, and a recent confirmation to change', async () => {
    expectAuthenticationRequired(await t.app.inject({ url: DESTINATION }));
    expectAuthenticationRequired(await put(undefined, destinationInput(s3, recipient)));
    for (const role of ['agent', 'editor'] as const) {
      const user = { email: `${role}@example.com`, password: 'a long enough password', role };
      await createAdmin(t.database, user);
      const cookie = await signIn(t.app, user);
      expect((await t.app.inject(asAdmin(cookie, { url: DESTINATION }))).statusCode).toBe(403);
      expect((await put(cookie, destinationInput(s3, recipient))).statusCode).toBe(403);
    }
    const { token } = await createApiToken(t.app, t.cookie, { name: 'Script', access: 'read-write' });
    const bearer = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: DESTINATION, headers: bearer })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: DESTINATION,
          headers: bearer,
          payload: destinationInput(s3, recipient),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/backups/copies', headers: bearer })).statusCode,
    ).toBe(403);

    // Eleven minutes after signing in, a change asks for the password again; reading does not.
    t.clock.advance(11 * 60_000);
    const stale = await put(t.cookie, destinationInput(s3, recipient));
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTH_REQUIRED');
    expect((await t.app.inject(asAdmin(t.cookie, { url: DESTINATION }))).statusCode).toBe(200);
  });
});
