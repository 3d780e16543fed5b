import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { statusCounts } from '../../test-support/status-counts.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  loginRequest,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
  type TestApp,
  testAppForEachTest,
  withTestApp,
  withTwoAppsSharingRedis,
  withTwoInstancesSharingRedis,
} from '../../test-support/test-app.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_FAILURES_PER_EMAIL_AND_IP,
} from './login-throttle.ts';
import { MAX_SESSIONS_PER_USER } from './sessions.ts';

const ADMIN_CALLS = [
  { method: 'GET', url: '/api/admin/me' },
  {
    method: 'POST',
    url: '/api/admin/password',
    payload: { currentPassword: 'x', newPassword: 'a-new-password' },
  },
  { method: 'GET', url: '/api/contacts' },
  { method: 'POST', url: '/api/contacts', payload: { type: 'phone', value: '+91 98765 43210' } },
  { method: 'PATCH', url: '/api/contacts/some-id', payload: { isActive: false } },
  { method: 'DELETE', url: '/api/contacts/some-id' },
] as const;

interface LoginAttempt {
  email?: string;
  /** The client address the request comes from. */
  ip?: string;
  /** A Cookie header, e.g. a device cookie. */
  cookie?: string;
}

/** A sign-in as the browser sends it (same-origin), from `ip`. */
const loginAttempt = (
  app: FastifyInstance,
  password: string,
  { email = TEST_ADMIN.email, ip = '198.51.100.7', cookie }: LoginAttempt = {},
) => app.inject(loginRequest({ email, password }, { remoteAddress: ip, headers: cookie ? { cookie } : {} }));

describe.each(TEST_DIALECTS)('admin authentication (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);
  beforeEach(async () => {
    await createAdmin(t.database);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions of one user: a sign-in beyond ends the oldest`, async () => {
    const cookies: string[] = [];
    for (let index = 0; index <= MAX_SESSIONS_PER_USER; index += 1) {
      cookies.push(await signIn(t.app));
      t.clock.advance(1000);
    }
    const me = (cookie: string) => t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }));
    expectAuthenticationRequired(await me(cookies[0]!));
    for (const cookie of cookies.slice(1)) expect((await me(cookie)).statusCode).toBe(200);
  });

  const expectUnauthorized = async (cookie: string | undefined) => {
    for (const call of ADMIN_CALLS) {
      const response = await t.app.inject(asAdmin(cookie, { ...call }));
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'SESSION_REQUIRED',
        message: 'Authentication required',
      });
    }
  };

  it('signs in with the right password, sets an HttpOnly session cookie and answers /me', async () => {
    const response = await t.app.inject(
      loginRequest({ email: 'Owner@Example.com ', password: TEST_ADMIN.password }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, admin: { email: TEST_ADMIN.email } });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/sampark_session=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');

    const cookie = await signIn(t.app);
    const me = await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }));
    expect(me.statusCode).toBe(200);
    expect(me.json().admin).toEqual({
      _id: expect.any(String),
      email: TEST_ADMIN.email,
      name: 'Owner',
      role: 'administrator',
      sessionPolicy: { idleMinutes: 30, absoluteMinutes: 720 },
      twoFactorSetupRequired: false,
      passwordToChange: false,
    });
  });

  it('refuses a wrong password or an unknown email with the same message', async () => {
    for (const payload of [
      { email: TEST_ADMIN.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: TEST_ADMIN.password },
    ]) {
      const response = await t.app.inject(loginRequest(payload));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('gives a new token at every sign-in', async () => {
    const first = await signIn(t.app);
    const second = await signIn(t.app);
    expect(second).not.toBe(first);
  });

  it('answers 401 to every admin call without a session or with a forged cookie', async () => {
    await expectUnauthorized(undefined);
    await expectUnauthorized('sampark_session=forged-token-value');
    await expectUnauthorized(`sampark_session=${'A'.repeat(43)}`);
  });

  it('answers 401 after log out, and log out clears the cookie', async () => {
    const cookie = await signIn(t.app);
    const logout = await t.app.inject(asAdmin(cookie, { method: 'POST', url: '/api/admin/logout' }));
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/sampark_session=;.*Expires=Thu, 01 Jan 1970/);
    await expectUnauthorized(cookie);
  });

  it('expires a session after 30 idle minutes', async () => {
    const cookie = await signIn(t.app);
    t.clock.advance(29 * 60_000);
    expect((await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }))).statusCode).toBe(
      200,
    );
    // The request above counts as activity: 29 more minutes are fine; 30 without a request end the
    // session, give or take the last-seen refresh interval (30 s at this idle time).
    t.clock.advance(29 * 60_000);
    expect((await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }))).statusCode).toBe(
      200,
    );
    t.clock.advance(30 * 60_000 + 30_000);
    await expectUnauthorized(cookie);
  });

  it('expires a session 12 hours after sign-in even when active', async () => {
    const cookie = await signIn(t.app);
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.advance(20 * 60_000);
      expect((await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }))).statusCode).toBe(
        200,
      );
    }
    t.clock.advance(20 * 60_000);
    await expectUnauthorized(cookie);
  });

  it('answers 429 with Retry-After to the sixth wrong password within 15 minutes, even with the right one', async () => {
    const attempt = (password: string) => t.app.inject(loginRequest({ email: TEST_ADMIN.email, password }));
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    const blocked = await attempt('wrong-6');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect((await attempt(TEST_ADMIN.password)).statusCode).toBe(429);
  });

  it('refuses a state-changing call from another site with 403', async () => {
    const cookie = await signIn(t.app);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { type: 'phone', value: '+91 98765 43210' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ success: false, message: 'Cross-site request refused' });

    const fetchSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/contacts/x',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);

    const noProvenance = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie },
    });
    expect(noProvenance.statusCode).toBe(403);

    const loginFromElsewhere = await t.app.inject(
      loginRequest(TEST_ADMIN, { origin: 'https://evil.example' }),
    );
    expect(loginFromElsewhere.statusCode).toBe(403);
  });

  it('changes the password: the old one stops working and other sessions end', async () => {
    const cookie = await signIn(t.app);
    const other = await signIn(t.app);
    const wrong = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/admin/password',
        payload: { currentPassword: 'not it', newPassword: 'a brand new password' },
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });

    const changed = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/admin/password',
        payload: { currentPassword: TEST_ADMIN.password, newPassword: 'a brand new password' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }))).statusCode).toBe(
      200,
    );
    expect((await t.app.inject(asAdmin(other, { method: 'GET', url: '/api/admin/me' }))).statusCode).toBe(
      401,
    );
    await expect(signIn(t.app)).rejects.toThrow(/401/);
    await expect(
      signIn(t.app, { email: TEST_ADMIN.email, password: 'a brand new password' }),
    ).resolves.toBeTruthy();
  });

  it('never sends a password hash', async () => {
    const cookie = await signIn(t.app);
    const bodies = await Promise.all(
      ['/api/admin/me', '/api/contacts', '/api/admin/login-info', '/api/openapi.json'].map(
        async (url) => (await t.app.inject(asAdmin(cookie, { method: 'GET', url }))).body,
      ),
    );
    for (const body of bodies) {
      expect(body).not.toMatch(/\$argon2id\$/);
      expect(body).not.toMatch(/passwordHash|password_hash/);
    }
  });

  it('shows no demo credentials outside demo mode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/login-info' });
    expect(response.json()).toEqual({ demoCredentials: null });
  });
});

describe.each(TEST_DIALECTS)('a one-minute idle timeout (%s)', (dialect) => {
  const t = testAppForEachTest(dialect, { SESSION_IDLE_MINUTES: '1' });
  beforeEach(async () => {
    await createAdmin(t.database);
  });

  const me = (cookie: string) => t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }));

  it('keeps an admin who makes a request every 50 seconds signed in for 5 minutes', async () => {
    const cookie = await signIn(t.app);
    for (let elapsed = 0; elapsed < 5 * 60_000; elapsed += 50_000) {
      t.clock.advance(50_000);
      expect((await me(cookie)).statusCode, `after ${elapsed + 50_000} ms`).toBe(200);
    }
  });

  it('extends the session by the whole idle time from each request, and ends it 61 s after the last', async () => {
    const cookie = await signIn(t.app);
    // Requests closer together than the refresh interval are not all written; each must still count.
    for (let i = 0; i < 20; i++) {
      t.clock.advance(300);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    t.clock.advance(60_000 - 1);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expectAuthenticationRequired(await me(cookie));
  });
});

describe('demo mode', () => {
  it('shows the demo credentials on the login info endpoint', async () => {
    await withTestApp('sqlite', { DEMO_MODE: 'true' }, async (t) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/login-info' });
      expect(response.json().demoCredentials).toEqual({
        email: 'demo@sampark.local',
        password: 'sampark-demo',
      });
    });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('login throttling shared through Redis', () => {
  it('counts failures across two app instances', async () => {
    await withTwoAppsSharingRedis(async (first, second) => {
      // Counters outlive a test run in Redis: a unique email keeps runs apart.
      const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const attempt = (t: TestApp) => t.app.inject(loginRequest({ email, password: 'wrong password' }));
      for (const t of [first, second, first, second, first]) expect((await attempt(t)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(429);
    });
  });
});

describe.each(TEST_DIALECTS)('login throttling under parallel guessing (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);
  beforeEach(async () => {
    await createAdmin(t.database);
  });

  const attempt = (app: FastifyInstance, password: string, ip?: string) =>
    loginAttempt(app, password, ip ? { ip } : {});

  it('checks only 5 of 40 parallel wrong passwords from one address; the rest and then the right one get 429', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(t.app, `wrong-${i}`)));
    expect(statusCounts(responses)).toEqual({ 401: LOGIN_FAILURES_PER_EMAIL_AND_IP, 429: 35 });
    expect((await attempt(t.app, TEST_ADMIN.password)).statusCode).toBe(429);
  });

  it('checks at most 5 of 40 parallel guesses that include the right password', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 20 ? TEST_ADMIN.password : `wrong-${i}`));
    const counts = statusCounts(await Promise.all(guesses.map((password) => attempt(t.app, password))));
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(LOGIN_FAILURES_PER_EMAIL_AND_IP);
    expect(counts[429]).toBe(35);
  });

  it('signs in all of 10 parallel attempts with the right password from one address, none logged as failed', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => attempt(t.app, TEST_ADMIN.password)),
    );
    expect(statusCounts(responses)).toEqual({ 200: 10 });
    const failed = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'sign-in.failed')
      .execute();
    expect(failed).toEqual([]);
  });

  it('checks only 100 of 400 parallel wrong passwords from 400 addresses (the per-account limit)', async () => {
    const responses = await Promise.all(
      Array.from({ length: 400 }, (_, i) => attempt(t.app, `wrong-${i}`, `10.1.${i >> 8}.${i & 255}`)),
    );
    expect(statusCounts(responses)).toEqual({ 401: LOGIN_FAILURES_PER_ACCOUNT, 429: 300 });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)(
  'login throttling under parallel guessing, two instances',
  () => {
    it.each(TEST_DIALECTS)(
      'checks only 5 of 60 parallel wrong passwords spread over two instances (%s)',
      async (dialect) => {
        await withTwoInstancesSharingRedis(dialect, async (instances) => {
          // Counters outlive a test run in Redis: a unique email keeps runs apart.
          const admin = { email: `owner-${randomUUID()}@example.com`, password: TEST_ADMIN.password };
          await createAdmin(instances.database, admin);
          const responses = await Promise.all(
            Array.from({ length: 60 }, (_, i) =>
              loginAttempt(instances.apps[i % 2]!, i === 30 ? admin.password : `wrong-${i}`, {
                email: admin.email,
                ip: '198.51.100.8',
              }),
            ),
          );
          const counts = statusCounts(responses);
          expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(LOGIN_FAILURES_PER_EMAIL_AND_IP);
          expect(counts[429]).toBe(55);
        });
      },
    );
  },
);

describe.each(TEST_DIALECTS)('device cookies and the sign-in summary (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);
  beforeEach(async () => {
    await createAdmin(t.database);
  });

  const login = (
    password: string,
    { device, ip = '198.51.100.20', email }: LoginAttempt & { device?: string } = {},
  ) =>
    loginAttempt(t.app, password, { ip, ...(email ? { email } : {}), ...(device ? { cookie: device } : {}) });
  /** The Cookie header of the device cookie a successful sign-in set. */
  const deviceOf = (response: LightMyRequestResponse) => {
    const cookie = response.cookies.find((c) => c.name === 'sampark_device');
    if (!cookie) throw new Error('no device cookie');
    return `${cookie.name}=${cookie.value}`;
  };
  const lockAccount = async () => {
    const responses = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_ACCOUNT }, (_, i) =>
        login(`wrong-${i}`, { ip: `10.9.${i >> 8}.${i & 255}` }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 401: LOGIN_FAILURES_PER_ACCOUNT });
  };

  it('gives a browser that signs in a long-lived, HttpOnly device cookie', async () => {
    const response = await login(TEST_ADMIN.password);
    const cookie = response.cookies.find((c) => c.name === 'sampark_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    expect(cookie?.value).not.toContain('owner');
  });

  it('lets the owner in from a browser that signed in before while the account is locked for everyone else', async () => {
    const device = deviceOf(await login(TEST_ADMIN.password));
    await lockAccount();
    expect((await login(TEST_ADMIN.password)).statusCode).toBe(429);
    // Same address as the attackers' last one, or any other: the device cookie is what counts.
    expect((await login(TEST_ADMIN.password, { device, ip: '10.9.0.99' })).statusCode).toBe(200);
    expect((await login(TEST_ADMIN.password, { device, ip: '192.0.2.50' })).statusCode).toBe(200);
  });

  it('does not trust a forged device cookie, nor one from another account', async () => {
    await createAdmin(t.database, { email: 'agent@example.com', password: 'agent password 12' });
    const agentDevice = deviceOf(await login('agent password 12', { email: 'agent@example.com' }));
    const [nonce, signature] = agentDevice.split('=')[1]!.split('.');
    await lockAccount();
    for (const device of [
      agentDevice,
      `sampark_device=${nonce}.${'A'.repeat(signature!.length)}`,
      `sampark_device=${'B'.repeat(nonce!.length)}.${signature}`,
      'sampark_device=garbage',
    ]) {
      expect((await login(TEST_ADMIN.password, { device })).statusCode, device).toBe(429);
    }
  });

  it('gives a trusted browser a limit of its own: 5 wrong passwords, then 429 even for the right one', async () => {
    const device = deviceOf(await login(TEST_ADMIN.password));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(`wrong-${i}`, { device, ip: `10.8.0.${i}` })),
    );
    expect(statusCounts(responses)).toEqual({ 401: LOGIN_FAILURES_PER_DEVICE, 429: 15 });
    expect((await login(TEST_ADMIN.password, { device })).statusCode).toBe(429);
    // Another browser is not held back by that device's failures.
    expect((await login(TEST_ADMIN.password, { ip: '192.0.2.60' })).statusCode).toBe(200);
  });

  it('tells the admin at sign-in how many wrong passwords were tried since the last sign-in', async () => {
    const first = await login(TEST_ADMIN.password);
    expect(first.json().signIn).toEqual({ previousAt: null, failedAttempts: 0 });
    const firstAt = new Date(t.clock()).toISOString();

    t.clock.advance(60 * 60_000);
    for (const ip of ['10.7.0.1', '10.7.0.2', '10.7.0.3']) {
      expect((await login('not the password', { ip })).statusCode).toBe(401);
    }
    // An unknown email counts against no one.
    expect((await login('not the password', { email: 'nobody@example.com' })).statusCode).toBe(401);

    const second = await login(TEST_ADMIN.password);
    expect(second.json().signIn).toEqual({ previousAt: firstAt, failedAttempts: 3 });
    const secondAt = new Date(t.clock()).toISOString();
    const third = await login(TEST_ADMIN.password);
    expect(third.json().signIn).toEqual({ previousAt: secondAt, failedAttempts: 0 });
  });
});
