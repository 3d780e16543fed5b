import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/rules/account-deletion.ts';
import { PROOF_OF_WORK_HEADER, PROOF_OF_WORK_MESSAGES } from '../../../shared/rules/proof-of-work.ts';
import { solveChallengeOf } from '../../test-support/proof-of-work.ts';
import { statusCounts } from '../../test-support/status-counts.ts';
import {
  asAdmin,
  createMember,
  signInNewAdmin,
  TEST_DIALECTS,
  TEST_MEMBER,
  TEST_ORIGIN,
  type TestApp,
  testAppForEachTest,
  withTwoAppsSharingRedis,
  withTwoInstancesSharingRedis,
} from '../../test-support/test-app.ts';
import { DELETION_FAILURES_PER_MOBILE, DELETION_FAILURES_WINDOW_SECONDS } from './deletion-throttle.ts';
import { createMemberRepository } from './repository.ts';

const URL = '/api/auth/delete-account';
const IP = '203.0.113.7';
const INVALID = {
  success: false,
  code: 'INVALID_CREDENTIALS',
  message: ACCOUNT_DELETION_MESSAGES.invalidCredentials,
};

function deletion(
  payload: unknown,
  remoteAddress = IP,
  headers: InjectOptions['headers'] = {},
): InjectOptions {
  return {
    method: 'DELETE',
    url: URL,
    headers: { origin: TEST_ORIGIN, ...headers },
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as object }),
  };
}

function expectTooManyAttempts(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(DELETION_FAILURES_WINDOW_SECONDS - 60);
  expect(wait).toBeLessThanOrEqual(DELETION_FAILURES_WINDOW_SECONDS);
  // The fixed words, then how long: "Too many attempts. Please try again in 15 minutes."
  expect(response.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: `Too many attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`,
  });
}

describe.each(TEST_DIALECTS)('account deletion (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);

  const remove = (payload: unknown, remoteAddress?: string) => t.app.inject(deletion(payload, remoteAddress));
  const members = () => createMemberRepository(t.database.db, dialect);
  const storedRow = (id: string) =>
    t.database.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();

  it.each([
    ['a national number with its country code', { mobile: '98765-43210', countryCode: '+91' }],
    ['a national number without a country code (India)', { mobile: '98765 43210' }],
    ['an international number', { mobile: '+919876543210' }],
    ['an international number with another code chosen', { mobile: '+91 98765 43210', countryCode: '+44' }],
  ])('deletes the account for %s and the right password', async (_, typed) => {
    const id = await createMember(t.database, { displayName: 'Asha' }, t.clock);
    const response = await remove({ ...typed, password: TEST_MEMBER.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: ACCOUNT_DELETION_MESSAGES.deleted });
    expect(response.headers['cache-control']).toBe('no-store');

    // What stays: the mobile and the dates, until the purge.
    const row = await storedRow(id);
    expect(row).toMatchObject({ mobile: '+919876543210', passwordHash: null, displayName: null });
    expect(row?.deletedAt).not.toBeNull();
    const audit = await members().auditLog(id);
    expect(audit[0]).toMatchObject({ action: 'self_deleted', adminEmail: null, changes: null });
  });

  it('removes the member from the admin list at once, refuses a second deletion, frees the mobile', async () => {
    const cookie = await signInNewAdmin(t);
    await createMember(t.database, { displayName: 'Asha' }, t.clock);
    const other = await createMember(t.database, { mobile: '+919123456789', displayName: 'Ravi' }, t.clock);
    expect((await remove({ mobile: '9876543210', password: TEST_MEMBER.password })).statusCode).toBe(200);

    const list = await t.app.inject(asAdmin(cookie, { method: 'GET', url: '/api/members' }));
    expect(list.json().members.map((member: { _id: string }) => member._id)).toEqual([other]);

    const again = await remove({ mobile: '9876543210', password: TEST_MEMBER.password });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID);

    const created = await t.app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/members', payload: { mobile: '+919876543210' } }),
    );
    expect(created.statusCode).toBe(201);
    // The new member's password deletes the new account, not the old one.
    const password = created.json().data.password;
    expect((await remove({ mobile: '+919876543210', password })).statusCode).toBe(200);
  });

  it('lets a disabled member delete their account', async () => {
    await createMember(t.database, { status: 'disabled' }, t.clock);
    expect((await remove({ mobile: TEST_MEMBER.mobile, password: TEST_MEMBER.password })).statusCode).toBe(
      200,
    );
    expect(await members().findCredentials(TEST_MEMBER.mobile)).toBeUndefined();
  });

  it('gives a wrong password, an unknown mobile and a number that is no mobile the same answer', async () => {
    const id = await createMember(t.database, {}, t.clock);
    const answers = [
      await remove({ mobile: TEST_MEMBER.mobile, password: 'not the password' }, '198.51.100.1'),
      await remove({ mobile: '+919123456789', password: 'not the password' }, '198.51.100.2'),
      await remove({ mobile: '+919123456789', password: TEST_MEMBER.password }, '198.51.100.3'),
      await remove({ mobile: '12345', password: TEST_MEMBER.password }, '198.51.100.4'),
      await remove({ mobile: '+91 20 2612 3456', password: TEST_MEMBER.password }, '198.51.100.5'),
      await remove(
        { mobile: '98765 43210', countryCode: '+9999', password: TEST_MEMBER.password },
        '198.51.100.6',
      ),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(JSON.stringify(INVALID));
    }
    expect(await members().findById(id)).toBeDefined();
  });

  it('answers 429 with Retry-After to the sixth failure for one mobile, from any address, even with the right password', async () => {
    const id = await createMember(t.database, {}, t.clock);
    for (let i = 0; i < DELETION_FAILURES_PER_MOBILE; i++) {
      // Typed differently each time: the count is kept per number, not per spelling.
      const mobile = i % 2 ? '98765 43210' : '+919876543210';
      expect((await remove({ mobile, password: `wrong ${i}` }, `198.51.100.${i}`)).statusCode).toBe(401);
    }
    expectTooManyAttempts(
      await remove({ mobile: '098765-43210', password: TEST_MEMBER.password }, '192.0.2.1'),
    );
    expect(await members().findById(id)).toBeDefined();
    // Another member is not held up by it.
    await createMember(t.database, { mobile: '+919123456789' }, t.clock);
    expect(
      (await remove({ mobile: '+919123456789', password: TEST_MEMBER.password }, '192.0.2.2')).statusCode,
    ).toBe(200);
  });

  it('asks for a proof of work after 5 failures from one address, whichever mobiles it tries', async () => {
    await createMember(t.database, {}, t.clock);
    for (let i = 0; i < DELETION_FAILURES_PER_MOBILE; i++) {
      const mobile = `+9191234567${10 + i}`;
      expect((await remove({ mobile, password: 'guess' })).statusCode).toBe(401);
    }
    // The member behind the same address: their browser solves the challenge, and the account goes.
    const challenged = await remove({ mobile: TEST_MEMBER.mobile, password: TEST_MEMBER.password });
    expect(challenged.json()).toMatchObject({ success: false, message: PROOF_OF_WORK_MESSAGES.required });
    const proof = await solveChallengeOf(challenged);
    const solved = await t.app.inject(
      deletion({ mobile: TEST_MEMBER.mobile, password: TEST_MEMBER.password }, IP, {
        [PROOF_OF_WORK_HEADER]: proof,
      }),
    );
    expect(solved.statusCode).toBe(200);
    expect(await members().findCredentials(TEST_MEMBER.mobile)).toBeUndefined();
  });

  it('counts numbers that are no mobile too', async () => {
    for (let i = 0; i < DELETION_FAILURES_PER_MOBILE; i++) {
      expect((await remove({ mobile: '12345', password: 'guess' }, `198.51.100.${i}`)).statusCode).toBe(401);
    }
    expectTooManyAttempts(await remove({ mobile: '12-345', password: 'guess' }, '192.0.2.1'));
  });

  it.each([
    ['no body', undefined, '_'],
    ['an empty body', {}, 'mobile'],
    ['an array', [], '_'],
    ['an empty mobile', { mobile: ' ', password: 'secret' }, 'mobile'],
    ['an empty password', { mobile: TEST_MEMBER.mobile, password: '' }, 'password'],
    ['a number as mobile', { mobile: 9876543210, password: 'secret' }, 'mobile'],
  ])('refuses %s with 400 "Please fill in all fields"', async (_, payload, field) => {
    const response = await remove(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      message: ACCOUNT_DELETION_MESSAGES.missingFields,
      errors: expect.objectContaining({ [field]: ACCOUNT_DELETION_MESSAGES.missingFields }),
    });
  });

  it.each([
    ['a mobile too long', { mobile: '9'.repeat(33), password: 'secret' }, 'mobile'],
    ['a password too long', { mobile: TEST_MEMBER.mobile, password: 'x'.repeat(201) }, 'password'],
    ['a bad country code', { mobile: '98765 43210', password: 'secret', countryCode: '91' }, 'countryCode'],
  ])('refuses %s with 400', async (_, payload, field) => {
    const response = await remove(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      message: expect.stringMatching(/\S/),
      errors: { [field]: expect.any(String) },
    });
  });

  it('refuses a request from another site, and a body that is not JSON', async () => {
    const id = await createMember(t.database, {}, t.clock);
    const payload = { mobile: TEST_MEMBER.mobile, password: TEST_MEMBER.password };
    const crossSite = await t.app.inject(deletion(payload, IP, { origin: 'https://evil.example' }));
    expect(crossSite.statusCode).toBe(403);
    const form = await t.app.inject({
      ...deletion(undefined),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `mobile=${encodeURIComponent(TEST_MEMBER.mobile)}&password=${encodeURIComponent(TEST_MEMBER.password)}`,
    });
    expect(form.statusCode).toBe(415);
    expect(await members().findById(id)).toBeDefined();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('account deletion throttling shared through Redis', () => {
  it('counts failures for one mobile across two app instances', async () => {
    await withTwoAppsSharingRedis(async (first, second) => {
      // Counters outlive a test run in Redis: a random mobile and addresses keep runs apart.
      const mobile = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const address = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.1`;
      const attempt = (t: TestApp) =>
        t.app.inject(deletion({ mobile, password: 'wrong password' }, address()));
      for (const t of [first, second, first, second, first]) expect((await attempt(t)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(429);
    });
  });
});

describe.each(TEST_DIALECTS)('account deletion under parallel guessing (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);

  it('checks only 5 of 40 parallel wrong passwords for one mobile; the rest and then the right one get 429', async () => {
    const id = await createMember(t.database, {}, t.clock);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject(deletion({ mobile: TEST_MEMBER.mobile, password: `wrong-${i}` }, `10.2.0.${i}`)),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 401: DELETION_FAILURES_PER_MOBILE, 429: 35 });
    expectTooManyAttempts(await t.app.inject(deletion(TEST_MEMBER, '10.2.1.1')));
    expect(await createMemberRepository(t.database.db, dialect).findById(id)).toBeDefined();
  });

  it('checks at most 5 of 40 parallel guesses that include the right password', async () => {
    await createMember(t.database, {}, t.clock);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject(
          deletion({ mobile: TEST_MEMBER.mobile, password: i === 20 ? TEST_MEMBER.password : `wrong-${i}` }),
        ),
      ),
    );
    const counts = statusCounts(responses);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(DELETION_FAILURES_PER_MOBILE);
    // From one address the rest are asked for a proof of work (decision 027), not checked either.
    expect(counts[428]).toBe(35);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)(
  'account deletion under parallel guessing, two instances',
  () => {
    it.each(TEST_DIALECTS)(
      'checks only 5 of 60 parallel guesses spread over two instances (%s)',
      async (dialect) => {
        await withTwoInstancesSharingRedis(dialect, async (instances) => {
          // Counters outlive a test run in Redis: a random mobile and addresses keep runs apart.
          const mobile = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
          const id = await createMember(instances.database, { mobile });
          const responses = await Promise.all(
            Array.from({ length: 60 }, (_, i) =>
              instances.apps[i % 2]!.inject(
                deletion({ mobile, password: `wrong-${i}` }, `10.${Math.floor(Math.random() * 256)}.3.${i}`),
              ),
            ),
          );
          expect(statusCounts(responses)).toEqual({ 401: DELETION_FAILURES_PER_MOBILE, 429: 55 });
          // From an address of its own too: the fixed one's count in the shared Redis may already ask for a proof.
          const right = await instances.apps[1]!.inject(
            deletion({ mobile, password: TEST_MEMBER.password }, `10.${Math.floor(Math.random() * 256)}.4.1`),
          );
          expect(right.statusCode).toBe(429);
          expect(await createMemberRepository(instances.database.db, dialect).findById(id)).toBeDefined();
        });
      },
    );
  },
);
