import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../../shared/contracts/live-events.ts';
import { freePort } from '../../test-support/deploy-examples.ts';
import {
  type EventStreamClient,
  listenOnFreePort,
  openEventStream,
} from '../../test-support/event-stream.ts';
import {
  asAdmin,
  createAdmin,
  createSignedInTestApp,
  createTestInstances,
  expectAuthenticationRequired,
  signIn,
  TEST_DIALECTS,
  TEST_INQUIRY,
  type TestInstances,
} from '../../test-support/test-app.ts';
import { testRedisUrl } from '../../test-support/test-redis.ts';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from './routes.ts';

/** Short, so that a session's end is noticed within a test; production beats every 25 s. */
const TEST_HEARTBEAT_MS = 50;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let sent = 0;

/**
 * A visitor's message, from an address and email of its own: the suites with Redis share its limit counters
 * (kept for an hour, across runs), which one sender posting again and again would soon exhaust.
 */
async function postInquiry(app: FastifyInstance): Promise<string> {
  sent += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact-inquiries',
    remoteAddress: `10.${process.pid % 250}.${Math.floor(sent / 250) % 250}.${sent % 250}`,
    payload: {
      ...TEST_INQUIRY,
      email: `live-${process.pid}-${sent}-${Date.now()}@example.com`,
      phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { _id: string } }>().data._id;
}

async function stream(baseUrl: string, cookie: string): Promise<EventStreamClient> {
  const client = await openEventStream(baseUrl, cookie);
  cleanups.push(() => client.close());
  return client;
}

describe.each(TEST_DIALECTS)('the back office event stream (%s)', (dialect) => {
  async function signedInApp(env: Record<string, string> = {}) {
    const { t, cookie } = await createSignedInTestApp(dialect, env, {
      liveEventsHeartbeatMs: TEST_HEARTBEAT_MS,
    });
    cleanups.push(() => t.close());
    return { t, cookie, baseUrl: await listenOnFreePort(t.app) };
  }

  it('answers 401 without a session, as every admin route does', async () => {
    const { t } = await signedInApp();
    expectAuthenticationRequired(await t.app.inject({ url: LIVE_EVENTS_PATH }));
    expectAuthenticationRequired(
      await t.app.inject({ url: LIVE_EVENTS_PATH, headers: { cookie: 'sampark_session=forged' } }),
    );
  });

  it('tells an open inbox of each new, changed and deleted inquiry, uncompressed and unbuffered', async () => {
    const { t, cookie, baseUrl } = await signedInApp();
    const client = await stream(baseUrl, cookie);
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers.get('content-encoding')).toBeNull();
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    expect(client.response.headers.get('cache-control')).toBe('no-store');
    await client.waitForBlocks((block) => block.startsWith('retry: '));

    const id = await postInquiry(t.app);
    expect(await client.nextEvent((event) => event.id === id)).toEqual({ type: 'inquiry.created', id });

    const read = await t.app.inject(
      asAdmin(cookie, { method: 'PATCH', url: `/api/contact-inquiries/${id}/read` }),
    );
    expect(read.statusCode).toBe(200);
    await client.nextEvent((event) => event.type === 'inquiry.updated' && event.id === id);

    const deleted = await t.app.inject(
      asAdmin(cookie, { method: 'DELETE', url: `/api/contact-inquiries/${id}` }),
    );
    expect(deleted.statusCode).toBe(200);
    await client.nextEvent((event) => event.type === 'inquiry.deleted' && event.id === id);
    // No personal data travels in the events: the screens refetch with the admin's session.
    expect(JSON.stringify(client.events)).not.toContain(TEST_INQUIRY.email);
  });

  it('ends the stream when its session is signed out', async () => {
    const { t, cookie, baseUrl } = await signedInApp();
    const client = await stream(baseUrl, cookie);
    await client.waitForBlocks((block) => block === ': heartbeat');
    const out = await t.app.inject(asAdmin(cookie, { method: 'POST', url: '/api/admin/logout' }));
    expect(out.statusCode).toBe(200);
    await client.waitForEnd();
  });

  it('checks the session at each heartbeat without keeping an unattended session alive', async () => {
    const { t, cookie, baseUrl } = await signedInApp();
    const client = await stream(baseUrl, cookie);
    const lastSeen = () =>
      t.database.db.selectFrom('adminSessions').select('lastSeenAt').executeTakeFirstOrThrow();
    const before = await lastSeen();
    // Past the interval at which a request would record the session's use, short of the idle limit.
    t.clock.advance(5 * 60_000);
    const beats = client.blocks.filter((block) => block === ': heartbeat').length;
    await client.waitForBlocks((block) => block === ': heartbeat', beats + 2);
    expect(await lastSeen()).toEqual(before);

    t.clock.advance(t.config.SESSION_IDLE_MINUTES * 60_000);
    await client.waitForEnd();
  });

  it('ends open streams at shutdown instead of holding it to its deadline', async () => {
    const { t, cookie, baseUrl } = await signedInApp();
    const client = await stream(baseUrl, cookie);
    await client.waitForBlocks((block) => block.startsWith('retry: '));
    expect(await t.app.gracefulShutdown.run('SIGTERM')).toBe(0);
    await client.waitForEnd();
  });

  it(`refuses more than ${MAX_STREAMS_PER_SESSION} streams for one session`, async () => {
    const { cookie, baseUrl } = await signedInApp();
    for (let index = 0; index < MAX_STREAMS_PER_SESSION; index += 1) {
      expect((await stream(baseUrl, cookie)).response.status).toBe(200);
    }
    const refused = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}`, { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/tabs/),
    });
  });

  it(`refuses one user more than ${MAX_STREAMS_PER_USER} streams across sessions, while another user gets theirs`, async () => {
    const { t, cookie, baseUrl } = await signedInApp();
    // The same account signed in again and again (a stolen password, a script), each session opening streams.
    const sessions = [cookie];
    while (sessions.length * MAX_STREAMS_PER_SESSION < MAX_STREAMS_PER_USER + MAX_STREAMS_PER_SESSION) {
      sessions.push(await signIn(t.app));
    }
    const statuses: number[] = [];
    for (const session of sessions) {
      for (let index = 0; index < MAX_STREAMS_PER_SESSION; index += 1) {
        const opened = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}`, { headers: { cookie: session } });
        if (opened.status === 200) {
          const reader = opened.body!.getReader();
          cleanups.push(() => reader.cancel());
        } else await opened.body?.cancel();
        statuses.push(opened.status);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_STREAMS_PER_USER);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - MAX_STREAMS_PER_USER);
    await createAdmin(t.database, { email: 'second@example.com', password: 'second password 1' });
    const other = await signIn(t.app, { email: 'second@example.com', password: 'second password 1' });
    expect((await stream(baseUrl, other)).response.status).toBe(200);
  });
});

/**
 * New inquiries posted on `app` reach `client` once a link between instances is up (a subscription made in
 * the background): posts until one arrives, each given half a second.
 */
async function expectDeliveredSoon(app: FastifyInstance, client: EventStreamClient) {
  await expect
    .poll(
      async () => {
        const id = await postInquiry(app);
        return client
          .nextEvent((event) => event.id === id, 500)
          .then(
            () => true,
            () => false,
          );
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

/** Two instances on one database, listening on ports of their own, each with an admin signed in. */
async function twoInstances(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const instances: TestInstances = await createTestInstances(dialect, 2, env);
  cleanups.push(() => instances.close());
  await createAdmin(instances.database);
  const [first, second] = instances.apps as [FastifyInstance, FastifyInstance];
  return {
    first,
    second,
    firstUrl: await listenOnFreePort(first),
    secondUrl: await listenOnFreePort(second),
    firstCookie: await signIn(first),
    secondCookie: await signIn(second),
  };
}

describe.runIf(TEST_DIALECTS.includes('postgres'))('live events across instances on PostgreSQL', () => {
  it('reaches the inbox open on another instance through LISTEN/NOTIFY', async () => {
    const { first, secondUrl, secondCookie } = await twoInstances('postgres');
    const client = await stream(secondUrl, secondCookie);
    const id = await postInquiry(first);
    expect(await client.nextEvent((event) => event.id === id)).toEqual({ type: 'inquiry.created', id });
  });
});

describe.runIf(process.env.TEST_REDIS_URL).each(TEST_DIALECTS)(
  'live events across instances through Redis (%s)',
  (dialect) => {
    it('reaches the inbox open on another instance through pub/sub', async () => {
      const { first, secondUrl, secondCookie } = await twoInstances(dialect, {
        REDIS_URL: testRedisUrl(),
      });
      const client = await stream(secondUrl, secondCookie);
      // The subscription is made in the background at start: the first event may come before it.
      await expectDeliveredSoon(first, client);
    });
  },
);

const REDIS_SERVER = '/usr/bin/redis-server';

/** A throwaway Redis server of this test's own (never the shared one), answering PING when this resolves. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  });
  const probe = new Redis(port, '127.0.0.1', { retryStrategy: () => 20, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await new Promise((resolve) => probe.once('ready', resolve));
  } finally {
    probe.disconnect();
  }
  return child;
}

describe('live events while Redis is away', () => {
  it('still reach the inboxes of the same instance, and the others catch up when Redis is back', async () => {
    const port = await freePort();
    const redis = await startRedisServer(port);
    const { first, firstUrl, firstCookie, secondUrl, secondCookie } = await twoInstances('sqlite', {
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    const onFirst = await stream(firstUrl, firstCookie);
    const onSecond = await stream(secondUrl, secondCookie);

    const exited = once(redis, 'exit');
    redis.kill('SIGKILL');
    await exited;
    const started = performance.now();
    const id = await postInquiry(first);
    await onFirst.nextEvent((event) => event.id === id);
    expect(performance.now() - started).toBeLessThan(2_000);

    // Back: the other instance's inbox is told to refetch, since it missed what happened meanwhile.
    await startRedisServer(port);
    await onSecond.nextEvent((event) => event.type === 'inquiry.updated' && event.id === undefined);
    await expectDeliveredSoon(first, onSecond);
    expect(onSecond.events.map((event) => event.id)).not.toContain(id);
  });
});
