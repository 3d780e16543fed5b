import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/deploy-examples.ts';
import {
  createAdmin,
  createTestApp,
  loginRequest,
  TEST_ADMIN,
  TEST_INQUIRY,
} from '../../test-support/test-app.ts';

const REDIS_SERVER = '/usr/bin/redis-server';
/** What the issue asks of every request while Redis is away. */
const ACCEPTANCE_MS = 1000;
/** Past this a request counts as hung: the test fails instead of waiting out ioredis's retries. */
const HUNG_REQUEST_MS = 2000;
const REQUESTS = 20;
const LOG_WAIT_MS = 10_000;

interface LogLine {
  level: number;
  msg?: string;
}

/** Pino's JSON lines, kept so a test can count warnings and wait for a line to appear. */
class LogCapture extends Writable {
  readonly lines: LogLine[] = [];
  private waiters: { match: (line: LogLine) => boolean; resolve: () => void }[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    for (const text of chunk.toString('utf8').split('\n')) {
      if (!text) continue;
      const line = JSON.parse(text) as LogLine;
      this.lines.push(line);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(line)) return true;
        waiter.resolve();
        return false;
      });
    }
    done();
  }

  count(match: (line: LogLine) => boolean): number {
    return this.lines.filter(match).length;
  }

  /** Resolves when the `count`-th line matching `match` has been logged. */
  waitFor(match: (line: LogLine) => boolean, count = 1): Promise<void> {
    const seen = () => this.count(match);
    if (seen() >= count) return Promise.resolve();
    return withinMs(
      new Promise<void>((resolve) => {
        const waiter = {
          match: (line: LogLine) => match(line) && seen() >= count,
          resolve,
        };
        this.waiters.push(waiter);
      }),
      LOG_WAIT_MS,
      'the expected log line',
    );
  }
}

const isRedisWarning = (line: LogLine) => line.level === 40 && /redis/i.test(line.msg ?? '');
const isRedisBack = (line: LogLine) => line.level === 30 && /redis/i.test(line.msg ?? '');

async function withinMs<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A throwaway Redis server of this test's own (never the shared one), answering PING when this resolves. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const probe = new Redis(port, '127.0.0.1', { retryStrategy: () => 20, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    // events.once would give up on the first refused connection; the probe retries until the server listens.
    await withinMs(
      new Promise((resolve) => probe.once('ready', resolve)),
      LOG_WAIT_MS,
      'starting redis-server',
    );
    expect(await probe.ping()).toBe('PONG');
  } finally {
    probe.disconnect();
  }
  return child;
}

async function killRedisServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

interface OutageApp {
  app: FastifyInstance;
  log: LogCapture;
  close(): Promise<void>;
}

async function createOutageApp(redisPort: number): Promise<OutageApp> {
  const log = new LogCapture();
  const t = await createTestApp(
    'sqlite',
    { REDIS_URL: `redis://127.0.0.1:${redisPort}` },
    { logger: { level: 'info', stream: log } },
  );
  await createAdmin(t.database);
  const outageApp = {
    app: t.app,
    log,
    async close() {
      opened.delete(outageApp);
      await t.close();
    },
  };
  opened.add(outageApp);
  await t.app.ready();
  return outageApp;
}

const running = new Set<ChildProcess>();
const opened = new Set<OutageApp>();

afterEach(async () => {
  // Stopped whatever happened in the test, so no redis-server outlives the run.
  await Promise.all([...opened].map((t) => t.close()));
  await Promise.all([...running].map(killRedisServer));
});

interface Timed {
  response: LightMyRequestResponse;
  ms: number;
}

async function timedInject(app: FastifyInstance, options: InjectOptions): Promise<Timed> {
  const start = performance.now();
  const response = await withinMs(app.inject(options), HUNG_REQUEST_MS, `${options.method} ${options.url}`);
  return { response, ms: performance.now() - start };
}

function p95(timings: Timed[]): number {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1] ?? Number.POSITIVE_INFINITY;
}

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  timedInject(app, loginRequest({ email, password }, { remoteAddress: ip }));

let senderCounter = 0;
/** A message from someone new (an email and phone of their own), so the address is what is counted. */
const postInquiry = (app: FastifyInstance, ip: string) => {
  senderCounter += 1;
  return timedInject(app, {
    method: 'POST',
    url: '/api/contact-inquiries',
    remoteAddress: ip,
    payload: {
      ...TEST_INQUIRY,
      email: `visitor${senderCounter}@example.com`,
      phone: `+91 98765 ${String(senderCounter).padStart(5, '0')}`,
      query: 'Is the shop open on Sunday?',
    },
  });
};

let ipCounter = 0;
/** An address no earlier request used, so each check starts from an empty counter. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/**
 * 20 sign-ins and 20 contact-form posts, each answered within a second (p95), with the limits still
 * counting: the 6th wrong password from one address gets 429, and the 11th message from one address is
 * asked for a proof of work (428, decision 027).
 */
async function expectFastAndCounting(app: FastifyInstance) {
  const throttledIp = freshIp();
  const logins: Timed[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    if (i < 6) logins.push(await login(app, TEST_ADMIN.email, 'wrong password', throttledIp));
    else if (i % 2 === 0) logins.push(await login(app, TEST_ADMIN.email, 'wrong password', freshIp()));
    else logins.push(await login(app, TEST_ADMIN.email, TEST_ADMIN.password, freshIp()));
  }
  expect(logins.map((t) => t.response.statusCode)).toEqual([
    401,
    401,
    401,
    401,
    401,
    429,
    ...Array.from({ length: REQUESTS - 6 }, (_, i) => (i % 2 === 0 ? 401 : 200)),
  ]);

  const inquiryIp = freshIp();
  const inquiries: Timed[] = [];
  for (let i = 0; i < REQUESTS; i++) inquiries.push(await postInquiry(app, inquiryIp));
  expect(inquiries.map((t) => t.response.statusCode)).toEqual([
    ...Array<number>(10).fill(201),
    ...Array<number>(REQUESTS - 10).fill(428),
  ]);

  expect(p95(logins)).toBeLessThan(ACCEPTANCE_MS);
  expect(p95(inquiries)).toBeLessThan(ACCEPTANCE_MS);
}

/** Five wrong passwords spread over both instances; the sixth is refused by either: one shared count. */
async function expectSharedCounting(first: FastifyInstance, second: FastifyInstance) {
  const email = `shared-${ipCounter}@example.com`;
  const ip = freshIp();
  for (const app of [first, second, first, second, first]) {
    expect((await login(app, email, 'wrong password', ip)).response.statusCode).toBe(401);
  }
  expect((await login(second, email, 'wrong password', ip)).response.statusCode).toBe(429);
}

async function readiness(app: FastifyInstance) {
  const response = await withinMs(app.inject({ method: 'GET', url: '/api/ready' }), HUNG_REQUEST_MS, 'ready');
  return { statusCode: response.statusCode, body: response.json() };
}

describe.skipIf(!fs.existsSync(REDIS_SERVER))('rate limits while Redis is away', () => {
  it('answers within a second and counts per instance when Redis is down from the start', async () => {
    // Nobody listens on this port: every connection attempt is refused.
    const t = await createOutageApp(await freePort());

    await expectFastAndCounting(t.app);

    // The instance still serves: the load balancer must keep it.
    expect(await readiness(t.app)).toEqual({
      statusCode: 200,
      body: { status: 'ready', database: 'sqlite', redis: 'degraded' },
    });
    expect(t.log.count(isRedisWarning)).toBe(1);
  });

  it('falls back when Redis goes away, warns once, and shares counting again when it returns', async () => {
    const port = await freePort();
    let server = await startRedisServer(port);
    const first = await createOutageApp(port);
    const second = await createOutageApp(port);
    for (const t of [first, second]) {
      expect((await readiness(t.app)).body).toMatchObject({ redis: 'ready' });
    }
    await expectSharedCounting(first.app, second.app);

    await killRedisServer(server);
    await expectFastAndCounting(first.app);
    expect(await readiness(first.app)).toEqual({
      statusCode: 200,
      body: { status: 'ready', database: 'sqlite', redis: 'degraded' },
    });
    for (const t of [first, second]) {
      await t.log.waitFor(isRedisWarning);
      expect(t.log.count(isRedisWarning)).toBe(1);
    }

    server = await startRedisServer(port);
    for (const t of [first, second]) {
      await t.log.waitFor(isRedisBack);
      expect((await readiness(t.app)).body).toMatchObject({ redis: 'ready' });
      expect(t.log.count(isRedisWarning)).toBe(1);
      expect(t.log.count(isRedisBack)).toBe(1);
    }
    await expectSharedCounting(first.app, second.app);

    // A second outage is a second warning, not a silent one.
    await killRedisServer(server);
    for (const t of [first, second]) await t.log.waitFor(isRedisWarning, 2);
    expect(first.log.count(isRedisWarning)).toBe(2);
  });

  it('stops waiting for a Redis that accepts connections but no longer answers', async () => {
    const port = await freePort();
    const server = await startRedisServer(port);
    const t = await createOutageApp(port);
    expect((await readiness(t.app)).body).toMatchObject({ redis: 'ready' });

    // A stopped process keeps its sockets open and its port accepting: like a network partition, nothing
    // tells the client the connection is dead, only that no answer comes.
    server.kill('SIGSTOP');
    await expectFastAndCounting(t.app);
    expect((await readiness(t.app)).body).toMatchObject({ redis: 'degraded' });
    expect(t.log.count(isRedisWarning)).toBe(1);

    server.kill('SIGCONT');
    await t.log.waitFor(isRedisBack);
    expect((await readiness(t.app)).body).toMatchObject({ redis: 'ready' });
  });
});
