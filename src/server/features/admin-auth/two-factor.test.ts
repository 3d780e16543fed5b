import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin-command.ts';
import { statusCounts } from '../../test-support/status-counts.ts';
import {
  asAdmin,
  type CurrentTestApp,
  createAdmin,
  loginRequest,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
  type TestApp,
  testAppForEachTest,
  withTwoInstancesSharingRedis,
} from '../../test-support/test-app.ts';
import { TWO_FACTOR_FAILURES_PER_ACCOUNT, TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_IP } from './login-throttle.ts';

const STEP_MS = 30_000;
const AGENT = {
  email: 'agent@example.com',
  password: 'agent password 1',
  name: 'Agent',
  role: 'agent',
} as const;
const SECOND_ADMIN = {
  email: 'second@example.com',
  password: 'second password 1',
  name: 'Second',
  role: 'administrator',
} as const;

const THIRD_ADMIN = { ...SECOND_ADMIN, email: 'third@example.com', name: 'Third' };

/** The code an authenticator app shows at the app's time (or `atMs`). */
function codeAt(secret: string, atMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

function cookieOf(response: LightMyRequestResponse, suffix: string): string | undefined {
  const cookie = response.cookies.find((c) => c.name.endsWith(suffix) && c.value !== '');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

const post = (cookie: string | undefined, url: string, payload?: object) =>
  asAdmin(cookie, { method: 'POST', url, ...(payload ? { payload } : {}) });

/** Sets up and turns on the second factor of the signed-in `cookie`; its secret and recovery codes. */
async function enrol(t: Pick<TestApp, 'app' | 'clock'>, cookie: string) {
  const setup = await t.app.inject(post(cookie, '/api/admin/two-factor/setup'));
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await t.app.inject(
    post(cookie, '/api/admin/two-factor/enable', { code: await codeAt(secret, t.clock()) }),
  );
  expect(enabled.statusCode).toBe(200);
  // The code that turned it on is used up: the next sign-in takes the next one.
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The password step of a sign-in; the pending sign-in's Cookie header when it asked for a code. */
async function passwordStep(
  app: FastifyInstance,
  admin: { email: string; password: string } = TEST_ADMIN,
  remoteAddress = '198.51.100.7',
) {
  const response = await app.inject(loginRequest(admin, { remoteAddress }));
  return { response, pending: cookieOf(response, 'sampark_sign_in') };
}

const secondStep = (
  app: FastifyInstance,
  pending: string | undefined,
  payload: object,
  remoteAddress = '198.51.100.7',
) =>
  app.inject({
    ...post(pending, '/api/admin/login/two-factor', payload),
    remoteAddress,
  });

/** Signs in with the password and a code; returns the session's Cookie header. */
async function signInWithCode(t: CurrentTestApp, secret: string, admin = TEST_ADMIN): Promise<string> {
  const { pending } = await passwordStep(t.app, admin);
  const response = await secondStep(t.app, pending, { code: await codeAt(secret, t.clock()) });
  expect(response.statusCode, response.body).toBe(200);
  return cookieOf(response, 'sampark_session')!;
}

const me = (app: FastifyInstance, cookie: string | undefined) =>
  app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/me' }));

describe.each(TEST_DIALECTS)('two-factor sign-in (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);

  it('records in the audit log the second step, not the password alone, and never a code', async () => {
    await createAdmin(t.database);
    const { secret, recoveryCodes } = await enrol(t, await signIn(t.app));
    const { pending } = await passwordStep(t.app);
    expect((await secondStep(t.app, pending, { code: '000000' })).statusCode).toBe(401);
    const cookie = await signInWithCode(t, secret);
    const entries = await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/audit-log' }));
    const log = entries.json().entries as { action: string; actorEmail: string; detail: unknown }[];
    expect(log.map(({ action, actorEmail, detail }) => ({ action, actorEmail, detail })).slice(0, 3)).toEqual(
      [
        {
          action: 'sign-in',
          actorEmail: TEST_ADMIN.email,
          detail: { secondFactor: 'authenticator code', newDevice: true },
        },
        {
          action: 'sign-in.failed',
          actorEmail: TEST_ADMIN.email,
          detail: { reason: 'wrong or expired two-factor code' },
        },
        { action: 'two-factor.enable', actorEmail: TEST_ADMIN.email, detail: null },
      ],
    );
    const recorded = JSON.stringify(log);
    expect(recorded).not.toContain(secret);
    expect(recorded).not.toContain(recoveryCodes[0]);
  });

  it('enrols with a QR code and a secret, turns on with a code, and gives ten recovery codes once', async () => {
    await createAdmin(t.database);
    const cookie = await signIn(t.app);
    const status = () => t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/two-factor' }));
    expect((await status()).json()).toEqual({
      twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false },
    });

    const setup = await t.app.inject(post(cookie, '/api/admin/two-factor/setup'));
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/Sampark:owner%40example.com?secret=${secret}&issuer=Sampark`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Set up but not on: signing in still takes the password alone.
    expect((await status()).json().twoFactor.enabled).toBe(false);

    const wrong = await t.app.inject(post(cookie, '/api/admin/two-factor/enable', { code: '000000' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/not right/);
    const malformed = await t.app.inject(post(cookie, '/api/admin/two-factor/enable', { code: '12345' }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toBe('Enter the 6-digit code from your authenticator app');

    // Authenticator apps show "123 456": the space is taken.
    const code = await codeAt(secret, t.clock());
    const enabled = await t.app.inject(
      post(cookie, '/api/admin/two-factor/enable', { code: `${code.slice(0, 3)} ${code.slice(3)}` }),
    );
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recoveryCode of recoveryCodes)
      expect(recoveryCode).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await status()).json().twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // Only hashes are kept.
    const row = await t.database.db
      .selectFrom('admins')
      .select('totpRecoveryCodes')
      .executeTakeFirstOrThrow();
    for (const recoveryCode of recoveryCodes) expect(row.totpRecoveryCodes).not.toContain(recoveryCode);

    const again = await t.app.inject(post(cookie, '/api/admin/two-factor/setup'));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/on already/);
  });

  it('asks for a code after the right password, without a session, then signs in with the code', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));

    const { response, pending } = await passwordStep(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, twoFactorRequired: true });
    expect(cookieOf(response, 'sampark_session')).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'sampark_sign_in')).toMatchObject({
      httpOnly: true,
      maxAge: 300,
      path: '/',
    });
    expect((await me(t.app, pending)).statusCode).toBe(401);

    const completed = await secondStep(t.app, pending, { code: await codeAt(secret, t.clock()) });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      success: true,
      admin: { email: TEST_ADMIN.email, twoFactorSetupRequired: false },
      signIn: { failedAttempts: 0 },
    });
    expect(completed.cookies.find((c) => c.name === 'sampark_sign_in')?.value).toBe('');
    expect((await me(t.app, cookieOf(completed, 'sampark_session'))).statusCode).toBe(200);
  });

  it('takes a code of the step before or after now, but not two steps away', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));
    // Well past the step of the code that turned it on.
    t.clock.advance(2 * STEP_MS);
    for (const [offsetMs, status] of [
      [-2 * STEP_MS, 401],
      [2 * STEP_MS, 401],
      [-STEP_MS, 200],
    ] as const) {
      const { pending } = await passwordStep(t.app);
      const response = await secondStep(t.app, pending, { code: await codeAt(secret, t.clock() + offsetMs) });
      expect(response.statusCode, `${offsetMs} ms`).toBe(status);
    }
    // After a code of the step before now, the next step's code still works.
    const { pending } = await passwordStep(t.app);
    const later = await secondStep(t.app, pending, { code: await codeAt(secret, t.clock() + STEP_MS) });
    expect(later.statusCode).toBe(200);
  });

  it('refuses a code used once already, also when the same code is sent twice at once', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));
    const code = await codeAt(secret, t.clock());
    const first = await passwordStep(t.app);
    expect((await secondStep(t.app, first.pending, { code })).statusCode).toBe(200);
    const replay = await passwordStep(t.app);
    const replayed = await secondStep(t.app, replay.pending, { code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message:
        'That code is not right. Enter the newest code your authenticator app shows; each code works once.',
      errors: { code: expect.any(String) },
    });

    t.clock.advance(STEP_MS);
    const next = await codeAt(secret, t.clock());
    const pendings = await Promise.all(Array.from({ length: 4 }, () => passwordStep(t.app)));
    const responses = await Promise.all(
      pendings.map(({ pending }) => secondStep(t.app, pending, { code: next })),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 401: 3 });
  });

  it('answers 429 to the sixth wrong code, and then to the right one too', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));
    const { pending } = await passwordStep(t.app);
    for (let i = 0; i < TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      expect((await secondStep(t.app, pending, { code: '000000' })).statusCode).toBe(401);
    }
    const sixth = await secondStep(t.app, pending, { code: '000000' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many wrong codes\. Please try again in 15 minutes\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const right = await secondStep(t.app, pending, { code: await codeAt(secret, t.clock()) });
    expect(right.statusCode).toBe(429);
    // Signing in again does not start the count afresh.
    const again = await passwordStep(t.app);
    expect(
      (await secondStep(t.app, again.pending, { code: await codeAt(secret, t.clock()) })).statusCode,
    ).toBe(429);
  });

  it('checks only 5 of 40 parallel wrong codes, with the right one among them', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));
    const { pending } = await passwordStep(t.app);
    const right = await codeAt(secret, t.clock());
    const codes = Array.from({ length: 40 }, (_, i) => (i === 20 ? right : String(100000 + i)));
    const counts = statusCounts(await Promise.all(codes.map((code) => secondStep(t.app, pending, { code }))));
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_IP);
    expect(counts[429]).toBe(35);
  });

  it('limits wrong codes per account across addresses', async () => {
    await createAdmin(t.database);
    await enrol(t, await signIn(t.app));
    const responses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const ip = `10.2.0.${i}`;
        const { pending } = await passwordStep(t.app, TEST_ADMIN, ip);
        return secondStep(t.app, pending, { code: '000000' }, ip);
      }),
    );
    expect(statusCounts(responses)).toEqual({ 401: TWO_FACTOR_FAILURES_PER_ACCOUNT, 429: 10 });
  });

  it('takes a recovery code once, typed in any case, with or without hyphens', async () => {
    await createAdmin(t.database);
    const { recoveryCodes } = await enrol(t, await signIn(t.app));
    const recoveryCode = recoveryCodes[3]!;
    const first = await passwordStep(t.app);
    const used = await secondStep(t.app, first.pending, {
      recoveryCode: ` ${recoveryCode.replace(/-/g, '').toUpperCase()} `,
    });
    expect(used.statusCode).toBe(200);
    const cookie = cookieOf(used, 'sampark_session')!;
    const status = await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/two-factor' }));
    expect(status.json().twoFactor.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(t.app);
    const reused = await secondStep(t.app, second.pending, { recoveryCode });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('That recovery code is not right, or it was used already.');
    expect((await secondStep(t.app, second.pending, { recoveryCode: recoveryCodes[4] })).statusCode).toBe(
      200,
    );

    // Sent twice at once, one recovery code still signs in once.
    const pendings = await Promise.all(Array.from({ length: 3 }, () => passwordStep(t.app)));
    const responses = await Promise.all(
      pendings.map(({ pending }) => secondStep(t.app, pending, { recoveryCode: recoveryCodes[5] })),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 401: 2 });
  });

  it('refuses a second step without a pending sign-in, a forged one or one older than five minutes', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));
    const expired = {
      success: false,
      code: 'SIGN_IN_EXPIRED',
      message: 'Your sign-in has expired. Enter your email and password again.',
    };
    const code = await codeAt(secret, t.clock());
    const none = await secondStep(t.app, undefined, { code });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(expired);

    const { pending } = await passwordStep(t.app);
    const [id, expires, signature] = pending!.split('=')[1]!.split('.');
    const later = `sampark_sign_in=${id}.${Number(expires) + 3600}.${signature}`;
    expect((await secondStep(t.app, later, { code })).json()).toEqual(expired);

    t.clock.advance(5 * 60_000 + 1000);
    const stale = await secondStep(t.app, pending, { code: await codeAt(secret, t.clock()) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(expired);
    expect(
      (await secondStep(t.app, undefined, { code: '123456', recoveryCode: 'abcd-efgh-jkmn' })).statusCode,
    ).toBe(400);
  });

  it('ends a pending sign-in when the password changes meanwhile', async () => {
    await createAdmin(t.database);
    const cookie = await signIn(t.app);
    const { secret } = await enrol(t, cookie);
    const { pending } = await passwordStep(t.app);
    const changed = await t.app.inject(
      post(cookie, '/api/admin/password', {
        currentPassword: TEST_ADMIN.password,
        newPassword: 'a brand new password',
      }),
    );
    expect(changed.statusCode).toBe(200);
    const response = await secondStep(t.app, pending, { code: await codeAt(secret, t.clock()) });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/expired/);
  });

  it('turns off with the password, after which the password alone signs in', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));
    const cookie = await signInWithCode(t, secret);
    const wrong = await t.app.inject(post(cookie, '/api/admin/two-factor/disable', { password: 'not it' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'Your password is incorrect' });
    const off = await t.app.inject(
      post(cookie, '/api/admin/two-factor/disable', { password: TEST_ADMIN.password }),
    );
    expect(off.json()).toEqual({ success: true, message: 'Two-factor sign-in is off' });
    const { response } = await passwordStep(t.app);
    expect(response.json()).toMatchObject({ success: true, admin: { email: TEST_ADMIN.email } });
  });

  it('gives new recovery codes for a code from the app; the old ones stop working', async () => {
    await createAdmin(t.database);
    const { secret, recoveryCodes: old } = await enrol(t, await signIn(t.app));
    const cookie = await signInWithCode(t, secret);
    const wrong = await t.app.inject(
      post(cookie, '/api/admin/two-factor/recovery-codes', { code: '000000' }),
    );
    expect(wrong.statusCode).toBe(400);
    t.clock.advance(STEP_MS);
    const renewed = await t.app.inject(
      post(cookie, '/api/admin/two-factor/recovery-codes', { code: await codeAt(secret, t.clock()) }),
    );
    expect(renewed.statusCode).toBe(200);
    const { recoveryCodes } = renewed.json();
    expect(recoveryCodes).toHaveLength(10);

    const first = await passwordStep(t.app);
    expect((await secondStep(t.app, first.pending, { recoveryCode: old[0] })).statusCode).toBe(401);
    expect((await secondStep(t.app, first.pending, { recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it("lets an administrator reset another user's second factor, which signs that user out", async () => {
    await createAdmin(t.database);
    const agentId = await createAdmin(t.database, AGENT);
    const adminCookie = await signIn(t.app);
    const { secret } = await enrol(t, await signIn(t.app, AGENT));
    const agentCookie = await signInWithCode(t, secret, AGENT);

    const byAgent = await t.app.inject(
      asAdmin(agentCookie, { method: 'DELETE', url: `/api/admin/users/${agentId}/two-factor` }),
    );
    expect(byAgent.statusCode).toBe(403);

    const reset = await t.app.inject(
      asAdmin(adminCookie, { method: 'DELETE', url: `/api/admin/users/${agentId}/two-factor` }),
    );
    expect(reset.json()).toEqual({
      success: true,
      message: 'Two-factor sign-in was reset; the user was signed out everywhere',
    });
    expect((await me(t.app, agentCookie)).statusCode).toBe(401);
    const { response } = await passwordStep(t.app, AGENT);
    expect(response.json()).toMatchObject({ success: true, admin: { email: AGENT.email } });

    const unknown = await t.app.inject(
      asAdmin(adminCookie, {
        method: 'DELETE',
        url: '/api/admin/users/0190a000-0000-7000-8000-000000000000/two-factor',
      }),
    );
    expect(unknown.statusCode).toBe(404);
    const adminId = (await me(t.app, adminCookie)).json().admin._id;
    const own = await t.app.inject(
      asAdmin(adminCookie, { method: 'DELETE', url: `/api/admin/users/${adminId}/two-factor` }),
    );
    expect(own.statusCode).toBe(400);
  });

  it('is reset from the command line for an owner locked out', async () => {
    await createAdmin(t.database);
    const { secret } = await enrol(t, await signIn(t.app));
    const cookie = await signInWithCode(t, secret);
    const output = await runAdminCommand(['reset-two-factor', TEST_ADMIN.email], t.database);
    expect(output).toContain(`Two-factor sign-in is off for ${TEST_ADMIN.email}`);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    const { response } = await passwordStep(t.app);
    expect(response.json()).toMatchObject({ success: true, admin: { email: TEST_ADMIN.email } });
    await expect(runAdminCommand(['reset-two-factor', 'ghost@example.com'], t.database)).rejects.toThrow(
      /No admin/,
    );
  });

  it('when required, sends an administrator without it to set it up first; agents are not asked', async () => {
    await createAdmin(t.database);
    await createAdmin(t.database, SECOND_ADMIN);
    await createAdmin(t.database, THIRD_ADMIN);
    await createAdmin(t.database, AGENT);
    const ownerCookie = await signIn(t.app);
    const require = (cookie: string, on: boolean) =>
      t.app.inject(
        asAdmin(cookie, {
          method: 'PUT',
          url: '/api/admin/settings/sign-in',
          payload: { requireTwoFactorForAdministrators: on },
        }),
      );

    // Whoever turns it on has it already.
    const refused = await require(ownerCookie, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/your own account first/);
    const { secret } = await enrol(t, ownerCookie);
    const ownerWithCode = await signInWithCode(t, secret);
    const saved = await require(ownerWithCode, true);
    expect(saved.json()).toEqual({
      success: true,
      message: 'Sign-in settings saved',
      signInSettings: { requireTwoFactorForAdministrators: true },
    });
    const settings = await t.app.inject(
      asAdmin(ownerWithCode, { method: 'GET', url: '/api/admin/settings/sign-in' }),
    );
    expect(settings.json()).toEqual({ signInSettings: { requireTwoFactorForAdministrators: true } });
    // Not told to visitors.
    expect((await t.app.inject({ url: '/api/settings' })).body).not.toContain('TwoFactor');

    const login = await t.app.inject(loginRequest(SECOND_ADMIN));
    expect(login.json()).toMatchObject({ success: true, admin: { twoFactorSetupRequired: true } });
    const cookie = cookieOf(login, 'sampark_session')!;
    const contacts = await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/contacts' }));
    expect(contacts.statusCode).toBe(403);
    expect(contacts.json()).toEqual({
      success: false,
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: 'Set up two-factor sign-in first',
    });
    expect((await me(t.app, cookie)).json().admin.twoFactorSetupRequired).toBe(true);
    const status = await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/admin/two-factor' }));
    expect(status.json().twoFactor).toMatchObject({ enabled: false, required: true });

    await enrol(t, cookie);
    expect((await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/contacts' }))).statusCode).toBe(
      200,
    );
    expect((await me(t.app, cookie)).json().admin.twoFactorSetupRequired).toBe(false);

    const agent = await t.app.inject(loginRequest(AGENT));
    expect(agent.json()).toMatchObject({ success: true, admin: { twoFactorSetupRequired: false } });
    const inbox = await t.app.inject(
      asAdmin(cookieOf(agent, 'sampark_session'), { method: 'GET', url: '/api/admin/dashboard' }),
    );
    expect(inbox.statusCode).toBe(200);

    // Turned off again, an administrator without it goes back to everything, in the same session.
    const third = await t.app.inject(loginRequest(THIRD_ADMIN));
    const thirdCookie = cookieOf(third, 'sampark_session')!;
    const contactsOf = () => t.app.inject(asAdmin(thirdCookie, { method: 'GET', url: '/api/contacts' }));
    expect((await contactsOf()).statusCode).toBe(403);
    expect((await require(ownerWithCode, false)).statusCode).toBe(200);
    expect((await contactsOf()).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two-factor sign-in across instances sharing Redis', () => {
  it.each(TEST_DIALECTS)(
    'completes a sign-in begun on another instance, and counts wrong codes on both (%s)',
    async (dialect) => {
      await withTwoInstancesSharingRedis(dialect, async ({ apps: [first, second], database }) => {
        await createAdmin(database);
        const clock = Object.assign(() => Date.now(), { advance: () => undefined });
        const cookie = await signIn(first!);
        const setup = await first!.inject(post(cookie, '/api/admin/two-factor/setup'));
        const { secret } = setup.json<{ secret: string }>();
        expect(
          (
            await first!.inject(
              post(cookie, '/api/admin/two-factor/enable', { code: await codeAt(secret, clock()) }),
            )
          ).statusCode,
        ).toBe(200);

        const { pending } = await passwordStep(first!);
        for (const app of [second, first, second, first, second]) {
          expect((await secondStep(app!, pending, { code: '000000' })).statusCode).toBe(401);
        }
        expect((await secondStep(first!, pending, { code: '000000' })).statusCode).toBe(429);
      });
    },
  );
});
