import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  REAUTHENTICATION_MESSAGES,
  REAUTHENTICATION_WINDOW_MINUTES,
} from '../../../shared/rules/admin-auth.ts';
import { statusCounts } from '../../test-support/status-counts.ts';
import { asAdmin, signedInAppForEachTest, TEST_ADMIN, TEST_DIALECTS } from '../../test-support/test-app.ts';
import { LOGIN_FAILURES_PER_EMAIL_AND_IP } from './login-throttle.ts';

const WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;
const NEW_USER = { email: 'new@example.com', name: 'New', role: 'agent', invite: true } as const;

const reauthenticate = (app: FastifyInstance, cookie: string, payload: object, remoteAddress?: string) =>
  app.inject({
    ...asAdmin(cookie, { method: 'POST', url: '/api/admin/reauthenticate', payload }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const addUser = (app: FastifyInstance, cookie: string, email: string = NEW_USER.email) =>
  app.inject(asAdmin(cookie, { method: 'POST', url: '/api/admin/users', payload: { ...NEW_USER, email } }));

describe.each(TEST_DIALECTS)('sensitive changes need a recent password or code (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  it('takes a change within ten minutes of signing in, and asks again after', async () => {
    t.clock.advance(WINDOW_MS - 1000);
    expect((await addUser(t.app, t.cookie)).statusCode).toBe(201);
    t.clock.advance(2000);
    const refused = await addUser(t.app, t.cookie, 'later@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: REAUTHENTICATION_MESSAGES.required,
      code: 'REAUTH_REQUIRED',
    });
    // Nothing was made: the list has the owner and the first user only.
    const users = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/users' }));
    expect(
      users
        .json<{ users: { email: string }[] }>()
        .users.map((user) => user.email)
        .sort(),
    ).toEqual([NEW_USER.email, TEST_ADMIN.email]);
  });

  it('takes the change again after the password is given, for another ten minutes', async () => {
    t.clock.advance(WINDOW_MS + 1);
    expect((await addUser(t.app, t.cookie)).statusCode).toBe(403);
    const confirmed = await reauthenticate(t.app, t.cookie, { password: TEST_ADMIN.password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: REAUTHENTICATION_MESSAGES.confirmed,
      validUntil: new Date(t.clock() + WINDOW_MS).toISOString(),
    });
    expect((await addUser(t.app, t.cookie)).statusCode).toBe(201);
    t.clock.advance(WINDOW_MS);
    expect((await addUser(t.app, t.cookie, 'third@example.com')).statusCode).toBe(403);
  });

  it('refuses a wrong password under its field, and counts it like a sign-in', async () => {
    t.clock.advance(WINDOW_MS + 1);
    const wrong = await reauthenticate(t.app, t.cookie, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: REAUTHENTICATION_MESSAGES.wrongPassword });
    expect((await addUser(t.app, t.cookie)).statusCode).toBe(403);
    // A stolen session is no faster a password oracle than the sign-in form: the same five tries.
    const answers = [];
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_EMAIL_AND_IP + 2; attempt += 1) {
      answers.push(await reauthenticate(t.app, t.cookie, { password: `guess ${attempt}` }, '203.0.113.9'));
    }
    expect(statusCounts(answers)).toEqual({ 400: LOGIN_FAILURES_PER_EMAIL_AND_IP, 429: 2 });
    const right = await reauthenticate(t.app, t.cookie, { password: TEST_ADMIN.password }, '203.0.113.9');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('takes an authenticator code from a user with two-factor sign-in on', async () => {
    const setup = await t.app.inject(
      asAdmin(t.cookie, { method: 'POST', url: '/api/admin/two-factor/setup' }),
    );
    const { secret } = setup.json<{ secret: string }>();
    const codeNow = () => generate({ secret, epoch: Math.floor(t.clock() / 1000) });
    const enable = await t.app.inject(
      asAdmin(t.cookie, {
        method: 'POST',
        url: '/api/admin/two-factor/enable',
        payload: { code: await codeNow() },
      }),
    );
    expect(enable.statusCode).toBe(200);
    t.clock.advance(WINDOW_MS + 30_000);
    expect((await addUser(t.app, t.cookie)).statusCode).toBe(403);
    expect((await reauthenticate(t.app, t.cookie, { code: '000000' })).statusCode).toBe(400);
    const confirmed = await reauthenticate(t.app, t.cookie, { code: await codeNow() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await addUser(t.app, t.cookie)).statusCode).toBe(201);
  });

  it('asks for exactly one of the password and the code', async () => {
    for (const payload of [{}, { password: TEST_ADMIN.password, code: '123456' }]) {
      const response = await reauthenticate(t.app, t.cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ password: REAUTHENTICATION_MESSAGES.passwordOrCode });
    }
  });

  it.each([
    [
      '/api/admin/password',
      (password: string) => ({ currentPassword: password, newPassword: 'a new password 1' }),
    ],
    ['/api/admin/two-factor/disable', (password: string) => ({ password })],
  ])('counts wrong passwords at %s like a sign-in', async (url, body) => {
    const answers = [];
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_EMAIL_AND_IP + 1; attempt += 1) {
      answers.push(
        await t.app.inject({
          ...asAdmin(t.cookie, { method: 'POST', url, payload: body(`guess ${attempt}`) }),
          remoteAddress: '203.0.113.10',
        }),
      );
    }
    expect(statusCounts(answers)).toEqual({ 400: LOGIN_FAILURES_PER_EMAIL_AND_IP, 429: 1 });
  });
});
