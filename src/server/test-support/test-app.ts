import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Insertable, Migrator } from 'kysely';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import type { Role } from '../../shared/rules/roles.ts';
import { buildApp } from '../app.ts';
import type { BuildAppOptions } from '../app-options.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type Dialect, migrateToLatest, openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../db/values.ts';
import { createAdminRepository } from '../features/admin-auth/admin-repository.ts';
import { createMemberRepository } from '../features/members/repository.ts';
import type { RedisTimeouts } from '../lib/redis.ts';
import {
  copyPostgresTemplate,
  copySqliteTemplate,
  type DatabaseTemplates,
  dropTestSchema,
  migrateTestDatabase,
} from './database-templates.ts';
import { emptyForNextTest, noteTemplateShape, takeIdleSchema } from './schema-pool.ts';
import { testRedisUrl } from './test-redis.ts';

export { migrateTestDatabase };

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL points at a server. */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const TEST_ORIGIN = 'http://localhost:80';

export interface TestClock {
  (): number;
  advance(ms: number): void;
}

export function createTestClock(start = Date.now()): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** A clock that runs with real time, for tests of what happens over real seconds; it can still be moved on. */
export function createRunningTestClock(): TestClock {
  let offset = 0;
  const clock = (() => Date.now() + offset) as TestClock;
  clock.advance = (ms) => {
    offset += ms;
  };
  return clock;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * A fresh database for one test: a real SQLite file, or a PostgreSQL schema of its own; migrated to the latest
 * version (a copy of the run's template, decision 060) unless `migrate: false`, which leaves it empty.
 */
export async function openTestDatabase(
  dialect: Dialect,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<{ database: Database; reopen(): Promise<Database>; dispose(): Promise<void> }> {
  const suffix = randomBytes(6).toString('hex');
  const templates = providedTemplates();
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-test-'));
    const target = { dialect: 'sqlite' as const, filename: path.join(dir, 'test.db') };
    if (migrate && templates) copySqliteTemplate(templates, target.filename);
    const database = await openDatabase(target);
    if (migrate && !templates) await migrateToLatest(database);
    return {
      database,
      reopen: () => openDatabase(target),
      async dispose() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set');
  const copied = migrate && templates?.postgres ? templates : undefined;
  // A copy of the template an earlier test of this file emptied (decision 061), else a new schema.
  const reused = copied ? takeIdleSchema() : undefined;
  const schema = reused ?? `test_${suffix}`;
  const database = await openDatabase({ dialect: 'postgres', url }, { pgSchema: schema });
  // Migrating takes the lock that keeps other workers' schemas from being dropped meanwhile; a copy of the
  // template needs none (database-templates.ts). buildApp then finds the schema up to date.
  if (copied && !reused) {
    await copyPostgresTemplate(copied, database);
    await noteTemplateShape(database);
  } else if (migrate && !copied) await migrateTestDatabase(database);
  return {
    database,
    reopen: () => openDatabase({ dialect: 'postgres', url }, { pgSchema: schema }),
    async dispose() {
      if (!copied || !(await emptyForNextTest(database))) await dropTestSchema(database);
      await database.close();
    },
  };
}

/** The run's templates (src/test-global-setup.ts); none outside Vitest, where each database is migrated. */
function providedTemplates(): DatabaseTemplates | undefined {
  return process.env.VITEST ? inject('databaseTemplates') : undefined;
}

/** Runs the migrations up to `name` and no further, to set up data as an older version stored it. */
async function migrateTestDatabaseTo(database: Database, name: string): Promise<void> {
  const migrator = new Migrator({
    db: database.db.withoutPlugins(),
    provider: { getMigrations: async () => migrations(database.dialect) },
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  await migrateTestDatabase(database, async () => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  });
}

/**
 * Runs `run` with a fresh database migrated up to `name` and no further, for a test of the migrations after
 * it; disposes of the database afterwards, whatever `run` does.
 */
export async function withDatabaseMigratedTo<T>(
  dialect: Dialect,
  name: string,
  run: (database: Database) => Promise<T>,
): Promise<T> {
  const { database, dispose } = await openTestDatabase(dialect, { migrate: false });
  try {
    await migrateTestDatabaseTo(database, name);
    return await run(database);
  } finally {
    await dispose();
  }
}

export interface TestAppOptions {
  /** Fastify's logger option; silent unless a test reads the logs (the fuzz suite reads the errors). */
  logger?: FastifyServerOptions['logger'];
  /** Starts the app as the server entry does: first admin, and demo content in demo mode (BuildAppOptions). */
  announce?: (message: string) => void;
  /** BuildAppOptions.liveEventsHeartbeatMs: how often open event streams are checked. */
  liveEventsHeartbeatMs?: number;
  /** BuildAppOptions.webhookTimeoutMs: how long a webhook delivery waits for its receiver. */
  webhookTimeoutMs?: number;
  /** BuildAppOptions.pushTimeoutMs: how long a push waits for its push service. */
  pushTimeoutMs?: number;
  /** The app's clock: a stopped one the test moves (createTestClock, the default) or createRunningTestClock. */
  clock?: TestClock;
  /** BuildAppOptions.redisTimeouts: when Redis counts as away. */
  redisTimeouts?: RedisTimeouts;
}

/**
 * Redis timeouts for tests of what instances share through it: long enough that a busy machine's slow answer
 * is not taken for an outage (which would make each instance count alone). Outage tests keep the real ones.
 */
const PATIENT_REDIS_TIMEOUTS: RedisTimeouts = { connect: 10_000, command: 10_000, socket: 20_000 };

/** The settings of a test: no logs, no web build, and `env`. */
function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...env });
}

/** The app on a database the test opened itself (a scratch PostgreSQL database, a SQLite file of its own). */
export function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  { clock, logger = false }: Pick<BuildAppOptions, 'clock' | 'logger'> = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig(env), { database, logger, ...(clock ? { clock } : {}) });
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  {
    logger = false,
    announce,
    liveEventsHeartbeatMs,
    webhookTimeoutMs,
    pushTimeoutMs,
    clock = createTestClock(),
    redisTimeouts,
  }: TestAppOptions = {},
): Promise<TestApp> {
  const { database, dispose } = await openTestDatabase(dialect);
  const config = testConfig(env);
  const app = await buildApp(config, {
    database,
    clock,
    logger,
    announce,
    ...(liveEventsHeartbeatMs ? { liveEventsHeartbeatMs } : {}),
    ...(webhookTimeoutMs ? { webhookTimeoutMs } : {}),
    ...(pushTimeoutMs ? { pushTimeoutMs } : {}),
    ...(redisTimeouts ? { redisTimeouts } : {}),
  });
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** Runs `run` with a fresh app and closes the app afterwards, whatever `run` does. */
export async function withTestApp<T>(
  dialect: Dialect,
  env: Record<string, string>,
  run: (t: TestApp) => Promise<T>,
  options: TestAppOptions = {},
): Promise<T> {
  const t = await createTestApp(dialect, env, options);
  try {
    return await run(t);
  } finally {
    await t.close();
  }
}

/**
 * Two apps, each on a SQLite database of its own, that share nothing but the Redis at TEST_REDIS_URL: what
 * one counts there (sign-in failures, posts per address), the other must see. For suites run only when
 * TEST_REDIS_URL is set.
 */
export async function withTwoAppsSharingRedis(
  run: (first: TestApp, second: TestApp) => Promise<void>,
): Promise<void> {
  const env = { REDIS_URL: testRedisUrl() };
  const options = { redisTimeouts: PATIENT_REDIS_TIMEOUTS };
  await withTestApp(
    'sqlite',
    env,
    (first) => withTestApp('sqlite', env, (second) => run(first, second), options),
    options,
  );
}

/** The app of the test that is running, in a suite that gets a fresh app for each test. */
export type CurrentTestApp = Omit<TestApp, 'close'>;

/**
 * Gives each test of the calling suite a fresh app (`createTestApp`), closed after the test. The object
 * returned stands for the app of the test that is running: read it inside tests and hooks (`t.app`,
 * `t.database`), never while the suite is collected. A suite's own `beforeEach` runs after this one's.
 */
export function testAppForEachTest(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): CurrentTestApp {
  return currentOfEachTest(async () => {
    const t = await createTestApp(dialect, env, options);
    return { current: t, close: () => t.close() };
  });
}

/**
 * As testAppForEachTest, with the test admin signed in: `t.cookie` is the Cookie header of the session (a
 * test that signs in again may set it).
 */
export function signedInAppForEachTest(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): CurrentTestApp & { cookie: string } {
  return currentOfEachTest(async () => {
    const { t, cookie } = await createSignedInTestApp(dialect, env, options);
    return { current: { ...t, cookie }, close: () => t.close() };
  });
}

/** Publishes channels as an admin would (active at once), each `[type, value]`, in the order given. */
export async function publishChannels(
  t: CurrentTestApp & { cookie: string },
  channels: readonly (readonly [type: string, value: string])[],
): Promise<void> {
  for (const [type, value] of channels) {
    const response = await t.app.inject(
      asAdmin(t.cookie, { method: 'POST', url: '/api/contacts', payload: { type, value, isActive: true } }),
    );
    expect(response.statusCode, `${type} ${value}`).toBe(201);
  }
}

/** Renames the business as an admin would in the settings, keeping every other setting. */
export async function renameBrand(t: CurrentTestApp & { cookie: string }, brandName: string): Promise<void> {
  const { settings } = (await t.app.inject({ url: '/api/settings' })).json<{ settings: object }>();
  const saved = await t.app.inject(
    asAdmin(t.cookie, { method: 'PUT', url: '/api/admin/settings', payload: { ...settings, brandName } }),
  );
  expect(saved.statusCode).toBe(200);
}

/**
 * A fresh database for each test of the calling suite (openTestDatabase, migrated to the latest version),
 * disposed of after the test; the object returned stands for the running test's database.
 */
export function databaseForEachTest(dialect: Dialect): Database {
  return currentOfEachTest(async () => {
    const { database, dispose } = await openTestDatabase(dialect);
    await migrateToLatest(database);
    return { current: database, close: dispose };
  });
}

/**
 * Opens a `T` before each test of the calling suite and closes it after; returns an object that stands for
 * the one of the running test.
 */
export function currentOfEachTest<T extends object>(
  open: () => Promise<{ current: T; close(): Promise<void> }>,
): T {
  let current: T | undefined;
  let close = async () => {};
  const running = () => {
    if (!current) throw new Error('This exists only while a test runs: use it inside a test or hook');
    return current;
  };
  beforeEach(async () => {
    ({ current, close } = await open());
  });
  afterEach(async () => {
    const closing = close;
    current = undefined;
    close = async () => {};
    await closing();
  });
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(running(), key),
    set: (_, key, value) => Reflect.set(running(), key, value),
  });
}

export interface TestInstances {
  apps: FastifyInstance[];
  database: Database;
  close(): Promise<void>;
}

/**
 * Several instances of the app on one database, each with its own connection (pool), as behind a load
 * balancer; give them one REDIS_URL to share counters.
 */
export async function createTestInstances(
  dialect: Dialect,
  count: number,
  env: Record<string, string> = {},
  { redisTimeouts }: Pick<TestAppOptions, 'redisTimeouts'> = {},
): Promise<TestInstances> {
  const { database, reopen, dispose } = await openTestDatabase(dialect);
  const config = testConfig(env);
  const connections = [database, ...(await Promise.all(Array.from({ length: count - 1 }, reopen)))];
  // One after the other, as a rolling deploy starts them: the first migrates the new database.
  const apps: FastifyInstance[] = [];
  for (const connection of connections)
    apps.push(
      await buildApp(config, {
        database: connection,
        logger: false,
        ...(redisTimeouts ? { redisTimeouts } : {}),
      }),
    );
  return {
    apps,
    database,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(connections.slice(1).map((connection) => connection.close()));
      await dispose();
    },
  };
}

/**
 * Two instances of the app on one database that share the Redis at TEST_REDIS_URL, as two servers behind a
 * load balancer; closed after `run`.
 */
export async function withTwoInstancesSharingRedis(
  dialect: Dialect,
  run: (instances: TestInstances) => Promise<void>,
): Promise<void> {
  const instances = await createTestInstances(
    dialect,
    2,
    { REDIS_URL: testRedisUrl() },
    { redisTimeouts: PATIENT_REDIS_TIMEOUTS },
  );
  try {
    await run(instances);
  } finally {
    await instances.close();
  }
}

export const TEST_ADMIN = { email: 'owner@example.com', password: 'correct horse battery' };

const fixtureHashes = new Map<string, Promise<string>>();

/**
 * argon2id at its smallest cost. A verification reads the cost from the stored hash, so the app checks a
 * fixture's password as any other, in about a millisecond instead of the production cost's 30 ms or more (a
 * sign-in for most tests of the suite); src/server/lib/password.test.ts holds hashPassword to the production cost.
 */
const FIXTURE_ARGON2_OPTIONS = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/**
 * The stored hash of a fixture's password: a real argon2id hash, made once per test file and shared by its
 * accounts.
 */
function fixturePasswordHash(password: string): Promise<string> {
  let hashed = fixtureHashes.get(password);
  if (!hashed) {
    hashed = hash(password, FIXTURE_ARGON2_OPTIONS);
    fixtureHashes.set(password, hashed);
  }
  return hashed;
}

/** A back-office user for a test: an administrator named "Owner" unless told otherwise. */
export async function createAdmin(
  database: Database,
  admin: { email: string; password: string; name?: string; role?: Role } = TEST_ADMIN,
): Promise<string> {
  const created = await createAdminRepository(database.db).create({
    email: admin.email,
    passwordHash: await fixturePasswordHash(admin.password),
    name: admin.name ?? 'Owner',
    ...(admin.role ? { role: admin.role } : {}),
  });
  return created.id;
}

export interface LoginRequestOptions {
  /** The page the form is on: the site's own (PUBLIC_ORIGIN when the app has one) unless a test says otherwise. */
  origin?: string;
  remoteAddress?: string;
  headers?: InjectOptions['headers'];
}

/** A sign-in as the browser sends it. */
export function loginRequest(
  payload: InjectOptions['payload'],
  { origin = TEST_ORIGIN, remoteAddress, headers }: LoginRequestOptions = {},
): InjectOptions {
  return {
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin, ...headers },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    payload,
  };
}

/** The device cookie (decision 013) each app gave each email's sign-in: the test's one browser keeps it. */
const deviceCookies = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * Signs in through the API (see loginRequest) and returns the Cookie header to send with later requests. The
 * same user signing in again on the same app does so from the same browser, with the device cookie it was
 * given: not a sign-in from a new device (a security notice, decision 051).
 */
export async function signIn(
  app: FastifyInstance,
  admin = TEST_ADMIN,
  origin = TEST_ORIGIN,
): Promise<string> {
  const devices = deviceCookies.get(app) ?? new Map<string, string>();
  deviceCookies.set(app, devices);
  const device = devices.get(admin.email);
  const response = await app.inject(
    loginRequest(admin, { origin, ...(device ? { headers: { cookie: device } } : {}) }),
  );
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const issued = response.cookies.find((c) => c.name.endsWith('sampark_device') && c.value !== '');
  if (issued) devices.set(admin.email, `${issued.name}=${issued.value}`);
  const cookie = response.cookies.find((c) => c.name.endsWith('sampark_session'));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** A test app with the test admin signed in; `cookie` is the Cookie header of that session. */
export async function createSignedInTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<{ t: TestApp; cookie: string }> {
  const t = await createTestApp(dialect, env, options);
  return { t, cookie: await signInNewAdmin(t) };
}

/** Creates the test admin and signs it in (see signIn); returns the Cookie header of the session. */
export async function signInNewAdmin(
  t: Pick<TestApp, 'app' | 'database'>,
  origin = TEST_ORIGIN,
): Promise<string> {
  await createAdmin(t.database);
  return signIn(t.app, TEST_ADMIN, origin);
}

/** The answer of every admin call without a valid session. */
export function expectAuthenticationRequired(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({
    success: false,
    code: 'SESSION_REQUIRED',
    message: 'Authentication required',
  });
}

/** The one 400 shape: {success:false, code, message, errors:{field: message}}, naming the bad field. */
export function expectBadRequest(response: LightMyRequestResponse, field: string, message?: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body).toEqual({
    success: false,
    code: 'VALIDATION',
    message: expect.stringMatching(/\S/),
    errors: expect.any(Object),
  });
  for (const value of Object.values(body.errors)) expect(value).toBeTypeOf('string');
  expect(body.errors[field]).toEqual(message ?? expect.any(String));
}

export function expectNotFound(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message });
}

/** A same-site request as the browser would send it: Origin set, cookie when given. */
export function asAdmin(cookie: string | undefined, options: InjectOptions): InjectOptions {
  return {
    ...options,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...options.headers },
  };
}

/** A contact-form post as a visitor fills it in. */
export const TEST_INQUIRY = {
  name: 'Asha Verma',
  phone: '+91 98765 43210',
  email: 'asha@example.com',
  city: 'Pune',
  query: 'Can you help with my account?',
  service: 'technical-support',
} as const;

/** The contact form's post of `payload`, as a visitor's browser at one address sends it. */
export function postInquiry(payload: object = TEST_INQUIRY): InjectOptions {
  return {
    method: 'POST',
    url: '/api/contact-inquiries',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload,
    remoteAddress: '203.0.113.7',
  };
}

export type InquiryRow = Insertable<DB['contactInquiries']>;
export type InquiryRowOverrides = Partial<Omit<InquiryRow, 'isRead' | 'seq'>> & {
  isRead?: boolean;
};

/** An inquiry as stored, sent at `createdAt`, for tests that insert many rows or set their times. */
export function storedInquiry(
  createdAt: string,
  { isRead, ...overrides }: InquiryRowOverrides = {},
): InquiryRow {
  return {
    id: newId(),
    ...TEST_INQUIRY,
    // Stored in E.164, as the contact form's route stores it.
    phone: '+919876543210',
    query: 'Hello there',
    status: 'new',
    isRead: isRead ? 1 : 0,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** What the inbox shows of a `storedInquiry` besides its id, name, status and times. */
export const STORED_INQUIRY_AS_SHOWN = {
  phone: '+919876543210',
  phoneDisplay: '+91 98765 43210',
  email: TEST_INQUIRY.email,
  city: TEST_INQUIRY.city,
  query: 'Hello there',
  service: TEST_INQUIRY.service,
  language: 'en',
  assignee: null,
} as const;

/** A contact channel as stored, added at `at`. */
export function storedChannel(type: string, value: string, position: number, at: string, isActive = 1) {
  return { id: newId(), type, value, proof: '', isActive, position, createdAt: at, updatedAt: at };
}

export const TEST_MEMBER = { mobile: '+919876543210', password: 'member password 1' };

export interface MemberOverrides {
  /** E.164. */
  mobile?: string;
  password?: string;
  displayName?: string | null;
  status?: 'active' | 'disabled';
}

/** A member as an admin would create it (an audit entry by no admin); returns its id. */
export async function createMember(
  database: Database,
  {
    mobile = TEST_MEMBER.mobile,
    password = TEST_MEMBER.password,
    displayName = null,
    status,
  }: MemberOverrides = {},
  clock: () => number = Date.now,
): Promise<string> {
  const members = createMemberRepository(database.db, database.dialect, { clock });
  const member = await members.create(
    { mobile, displayName, passwordHash: await fixturePasswordHash(password) },
    null,
  );
  if (status === 'disabled') await members.update(member._id, { status }, null);
  return member._id;
}
