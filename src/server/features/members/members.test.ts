import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  Member,
  MemberCredentials,
  MemberDetail,
  MemberListResponse,
} from '../../../shared/contracts/members.ts';
import { GENERATED_PASSWORD_LENGTH, MEMBER_MESSAGES } from '../../../shared/rules/members.ts';
import { verifyPassword } from '../../lib/password.ts';
import {
  asAdmin,
  createAdmin,
  createMember,
  expectAuthenticationRequired,
  expectBadRequest,
  expectNotFound,
  signedInAppForEachTest,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_ORIGIN,
} from '../../test-support/test-app.ts';
import { createMemberRepository } from './repository.ts';

const BASE = '/api/members';
const OTHER_ADMIN = { email: 'manager@example.com', password: 'another long password' };

describe.each(TEST_DIALECTS)('member admin API (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  const api = (method: InjectOptions['method'], url: string, payload?: object, as = t.cookie) =>
    t.app.inject(asAdmin(as, { method, url, ...(payload === undefined ? {} : { payload }) }));
  const createViaApi = async (payload: object): Promise<MemberCredentials> => {
    const response = await api('POST', BASE, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: MEMBER_MESSAGES.created });
    return response.json().data;
  };
  const detail = async (id: string): Promise<MemberDetail> => {
    const response = await api('GET', `${BASE}/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const list = async (query = ''): Promise<MemberListResponse> => {
    const response = await api('GET', `${BASE}?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const storedHash = async (id: string) =>
    (await t.database.db.selectFrom('members').select('passwordHash').where('id', '=', id).executeTakeFirst())
      ?.passwordHash;

  describe('authentication', () => {
    const endpoints = (id: string): [InjectOptions['method'], string, object?][] => [
      ['GET', BASE],
      ['GET', `${BASE}?status=bogus&page=0&pageSize=500`],
      ['POST', BASE, { mobile: '+919123456789', password: 'a good password' }],
      ['POST', BASE, { mobile: 'not a number', password: 'x' }],
      ['POST', BASE, {}],
      ['GET', `${BASE}/${id}`],
      ['GET', `${BASE}/unknown`],
      ['GET', `${BASE}/${'a'.repeat(300)}`],
      ['PATCH', `${BASE}/${id}`, { displayName: 'Hacked', status: 'disabled' }],
      ['PATCH', `${BASE}/${id}`, { status: 'bogus' }],
      ['PATCH', `${BASE}/${'a'.repeat(300)}`, {}],
      ['POST', `${BASE}/${id}/password`, { password: 'new password 123' }],
      ['POST', `${BASE}/${id}/password`, { password: 'x' }],
      ['POST', `${BASE}/..%2Fx/password`, {}],
      ['DELETE', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${'a'.repeat(300)}`],
    ];

    it('answers 401 to every member call without a session or with a forged one, and changes nothing', async () => {
      const id = await createMember(t.database, { displayName: 'Asha' }, t.clock);
      const hash = await storedHash(id);
      const forged = `${t.cookie.split('=')[0]}=${'A'.repeat(43)}`;
      for (const as of [undefined, forged]) {
        for (const [method, url, payload] of endpoints(id)) {
          const response = await t.app.inject(
            asAdmin(as, { method, url, ...(payload === undefined ? {} : { payload }) }),
          );
          const label = `${as ? 'forged' : 'none'} ${method} ${url.slice(0, 60)}`;
          expect(`${label} -> ${response.statusCode}`).toBe(`${label} -> 401`);
          expectAuthenticationRequired(response);
        }
      }
      const member = await createMemberRepository(t.database.db, dialect).findById(id);
      expect(member).toMatchObject({ displayName: 'Asha', status: 'active' });
      expect(await storedHash(id)).toBe(hash);
      expect((await list()).total).toBe(1);
    });

    it('refuses a cross-site request even with a valid session', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { origin: 'https://evil.example', cookie: t.cookie },
        payload: { mobile: '+919123456789' },
      });
      expect(response.statusCode).toBe(403);
      expect((await list()).total).toBe(0);
    });
  });

  describe('creating', () => {
    it('creates a member with a typed password, returned once and never again', async () => {
      const { member, password } = await createViaApi({
        mobile: '98765-43210',
        countryCode: '+91',
        displayName: '  Asha Verma ',
        password: 'typed password 1',
      });
      expect(password).toBe('typed password 1');
      expect(member).toEqual({
        _id: expect.any(String),
        mobile: '+919876543210',
        mobileDisplay: '+91 98765 43210',
        displayName: 'Asha Verma',
        status: 'active',
        createdAt: new Date(t.clock()).toISOString(),
        updatedAt: new Date(t.clock()).toISOString(),
      });
      expect(await verifyPassword((await storedHash(member._id))!, 'typed password 1')).toBe(true);

      const later = [
        await api('GET', BASE),
        await api('GET', `${BASE}/${member._id}`),
        await api('PATCH', `${BASE}/${member._id}`, { displayName: 'Asha' }),
      ];
      for (const response of later) expect(response.body).not.toContain('typed password 1');
      expect((await detail(member._id)).member).toEqual({ ...member, displayName: 'Asha' });
    });

    it('generates a readable password when none is typed (omitted or empty)', async () => {
      for (const [mobile, extra] of [
        ['+919876543210', {}],
        ['+919123456789', { password: '' }],
      ] as const) {
        const { member, password } = await createViaApi({ mobile, ...extra });
        expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
        expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
        expect(await verifyPassword((await storedHash(member._id))!, password)).toBe(true);
        expect(member.displayName).toBeNull();
      }
    });

    it('reads a mobile typed with + whatever the country code, and others with the country code', async () => {
      expect((await createViaApi({ mobile: '+44 7400 123456', countryCode: '+91' })).member.mobile).toBe(
        '+447400123456',
      );
      expect((await createViaApi({ mobile: '050 123 4567', countryCode: '+971' })).member).toMatchObject({
        mobile: '+971501234567',
        mobileDisplay: '+971 50 123 4567',
      });
      // India when no code is sent.
      expect((await createViaApi({ mobile: '98765 43210' })).member.mobile).toBe('+919876543210');
    });

    it('answers 409 to a mobile a member already has, however it is typed', async () => {
      await createViaApi({ mobile: '+919876543210' });
      for (const mobile of ['+919876543210', '98765 43210', '098765-43210', '+91 (98765) 43210']) {
        const response = await api('POST', BASE, { mobile, countryCode: '+91' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          success: false,
          code: 'CONFLICT',
          message: MEMBER_MESSAGES.mobileTaken,
          errors: { mobile: MEMBER_MESSAGES.mobileTaken },
        });
      }
      expect((await list()).total).toBe(1);
    });

    it('answers 409 to the loser of two creates of the same mobile at once', async () => {
      const responses = await Promise.all(
        [0, 1].map(() => api('POST', BASE, { mobile: '+919876543210', password: 'a good password' })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect((await list()).total).toBe(1);
    });

    it('creates the same mobile again right after the member was deleted', async () => {
      const first = await createViaApi({ mobile: '+919876543210', displayName: 'First' });
      expect((await api('DELETE', `${BASE}/${first.member._id}`)).statusCode).toBe(200);
      const second = await createViaApi({ mobile: '98765 43210', displayName: 'Second' });
      expect(second.member._id).not.toBe(first.member._id);
      expect((await list()).members.map((member) => member.displayName)).toEqual(['Second']);
    });

    it.each([
      ['no mobile', { password: 'a good password' }, 'mobile'],
      ['an empty mobile', { mobile: '  ' }, 'mobile'],
      ['letters', { mobile: 'call me' }, 'mobile'],
      ['a fixed line', { mobile: '+91 20 2612 3456' }, 'mobile', MEMBER_MESSAGES.invalidMobile],
      ['too few digits', { mobile: '98765 4321' }, 'mobile', MEMBER_MESSAGES.invalidMobile],
      ['a mobile too long', { mobile: '9'.repeat(33) }, 'mobile'],
      ['a bad country code', { mobile: '98765 43210', countryCode: '91' }, 'countryCode'],
      [
        'a code no country has',
        { mobile: '98765 43210', countryCode: '+9999' },
        'mobile',
        MEMBER_MESSAGES.invalidMobile,
      ],
      ['a short password', { mobile: '+919876543210', password: 'short' }, 'password'],
      ['a password too long', { mobile: '+919876543210', password: 'x'.repeat(201) }, 'password'],
      ['a name too long', { mobile: '+919876543210', displayName: 'x'.repeat(101) }, 'displayName'],
      ['a number as name', { mobile: '+919876543210', displayName: 5 }, 'displayName'],
    ])('refuses %s with 400', async (_, payload, field, message?: string) => {
      expectBadRequest(await api('POST', BASE, payload), field, message);
      expect((await list()).total).toBe(0);
    });
  });

  describe('listing', () => {
    it('lists, searches, filters and pages members, deleted ones never', async () => {
      const made: Member[] = [];
      for (const [mobile, displayName] of [
        ['+919876543210', 'Asha Verma'],
        ['+919123456789', 'Ravi Kumar'],
        ['+447400123456', null],
        ['+919876500000', 'Gone'],
      ] as const) {
        t.clock.advance(60_000);
        made.push((await createViaApi({ mobile, displayName })).member);
      }
      const [asha, ravi, uk, gone] = made as [Member, Member, Member, Member];
      await api('PATCH', `${BASE}/${ravi._id}`, { status: 'disabled' });
      await api('DELETE', `${BASE}/${gone._id}`);

      const ids = async (query: string) => (await list(query)).members.map((member) => member._id);
      expect(await list()).toEqual({
        members: [uk, { ...ravi, status: 'disabled', updatedAt: expect.any(String) }, asha],
        total: 3,
        page: 1,
        pageSize: 20,
      });
      expect(await ids('status=disabled')).toEqual([ravi._id]);
      expect(await ids('status=active')).toEqual([uk._id, asha._id]);
      expect(await ids('status=&q=')).toEqual([uk._id, ravi._id, asha._id]);
      expect(await list('pageSize=2&page=2')).toMatchObject({
        members: [asha],
        total: 3,
        page: 2,
        pageSize: 2,
      });
      expect(await ids(`q=${encodeURIComponent('98765 43210')}`)).toEqual([asha._id]);
      expect(await ids(`q=${encodeURIComponent('+91 98765')}`)).toEqual([asha._id]);
      expect(await ids('q=kumar')).toEqual([ravi._id]);
      expect(await ids('q=kumar&status=active')).toEqual([]);
      expect(await ids('q=gone')).toEqual([]);
      expect(await ids(`q=${encodeURIComponent('98765 00000')}`)).toEqual([]);
    });

    it.each([
      ['status=bogus', 'status'],
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['pageSize=101', 'pageSize'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ])('refuses %s with 400', async (query, field) => {
      expectBadRequest(await api('GET', `${BASE}?${query}`), field);
    });
  });

  describe('changing', () => {
    let id: string;
    beforeEach(async () => {
      id = (await createViaApi({ mobile: '+919876543210', displayName: 'Asha' })).member._id;
    });

    it('renames, disables and enables with audit entries naming the admin, newest first', async () => {
      const renamed = await api('PATCH', `${BASE}/${id}`, { displayName: 'Asha Verma' });
      expect(renamed.json()).toMatchObject({
        success: true,
        message: MEMBER_MESSAGES.updated,
        data: { displayName: 'Asha Verma', status: 'active' },
      });
      await createAdmin(t.database, OTHER_ADMIN);
      const other = await signIn(t.app, OTHER_ADMIN);
      t.clock.advance(1000);
      const disabled = await api('PATCH', `${BASE}/${id}`, { status: 'disabled' }, other);
      expect(disabled.json().data).toMatchObject({
        status: 'disabled',
        updatedAt: new Date(t.clock()).toISOString(),
      });
      t.clock.advance(1000);
      await api('PATCH', `${BASE}/${id}`, { status: 'active', displayName: '' });

      const { member, audit } = await detail(id);
      expect(member).toMatchObject({ displayName: null, status: 'active' });
      expect(audit.map(({ action, adminEmail, changes }) => ({ action, adminEmail, changes }))).toEqual([
        {
          action: 'enabled',
          adminEmail: TEST_ADMIN.email,
          changes: { status: { from: 'disabled', to: 'active' } },
        },
        {
          action: 'renamed',
          adminEmail: TEST_ADMIN.email,
          changes: { displayName: { from: 'Asha Verma', to: null } },
        },
        {
          action: 'disabled',
          adminEmail: OTHER_ADMIN.email,
          changes: { status: { from: 'active', to: 'disabled' } },
        },
        {
          action: 'renamed',
          adminEmail: TEST_ADMIN.email,
          changes: { displayName: { from: 'Asha', to: 'Asha Verma' } },
        },
        {
          action: 'created',
          adminEmail: TEST_ADMIN.email,
          changes: { mobile: { from: null, to: '+919876543210' }, displayName: { from: null, to: 'Asha' } },
        },
      ]);
      expect(audit[0]!.at).toBe(new Date(t.clock()).toISOString());
    });

    it('writes no audit entry when nothing really changes', async () => {
      const same = await api('PATCH', `${BASE}/${id}`, { displayName: ' Asha ', status: 'active' });
      expect(same.statusCode).toBe(200);
      expect((await detail(id)).audit.map((entry) => entry.action)).toEqual(['created']);
    });

    it('resets a password to a typed or generated one, returned once, with an audit entry', async () => {
      const typed = await api('POST', `${BASE}/${id}/password`, { password: 'brand new secret' });
      expect(typed.statusCode).toBe(200);
      expect(typed.json()).toMatchObject({
        success: true,
        message: MEMBER_MESSAGES.passwordReset,
        data: { member: { _id: id }, password: 'brand new secret' },
      });
      expect(await verifyPassword((await storedHash(id))!, 'brand new secret')).toBe(true);

      const generated = (await api('POST', `${BASE}/${id}/password`, {})).json().data.password;
      expect(generated).toMatch(new RegExp(`^[A-HJ-NP-Za-km-z2-9]{${GENERATED_PASSWORD_LENGTH}}$`));
      expect(await verifyPassword((await storedHash(id))!, generated)).toBe(true);
      expect(await verifyPassword((await storedHash(id))!, 'brand new secret')).toBe(false);

      const { audit } = await detail(id);
      expect(
        audit.slice(0, 2).map(({ action, adminEmail, changes }) => ({ action, adminEmail, changes })),
      ).toEqual([
        { action: 'password_reset', adminEmail: TEST_ADMIN.email, changes: null },
        { action: 'password_reset', adminEmail: TEST_ADMIN.email, changes: null },
      ]);
      expect(JSON.stringify(audit)).not.toContain('brand new secret');
      expect(JSON.stringify(audit)).not.toContain(generated);
    });

    it('deletes a member: gone from the list and the detail, its mobile free, an audit entry kept', async () => {
      const deleted = await api('DELETE', `${BASE}/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true, message: MEMBER_MESSAGES.deleted });
      expect((await list()).total).toBe(0);
      expectNotFound(await api('GET', `${BASE}/${id}`), MEMBER_MESSAGES.notFound);
      const audit = await createMemberRepository(t.database.db, dialect).auditLog(id);
      expect(audit[0]).toMatchObject({ action: 'deleted', adminEmail: TEST_ADMIN.email });
      const row = await t.database.db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row).toMatchObject({ mobile: '+919876543210', passwordHash: null, displayName: null });
    });

    it('answers 404 to an unknown or deleted member on every :id route', async () => {
      await api('DELETE', `${BASE}/${id}`);
      for (const target of [id, '01a1fef8-5b48-7114-bbdb-0a85e71ae03f']) {
        expectNotFound(await api('GET', `${BASE}/${target}`), MEMBER_MESSAGES.notFound);
        expectNotFound(
          await api('PATCH', `${BASE}/${target}`, { displayName: 'Back' }),
          MEMBER_MESSAGES.notFound,
        );
        expectNotFound(await api('POST', `${BASE}/${target}/password`, {}), MEMBER_MESSAGES.notFound);
        expectNotFound(await api('DELETE', `${BASE}/${target}`), MEMBER_MESSAGES.notFound);
      }
    });

    it.each([
      ['a word', 'unknown'],
      ['U+0000', '%00'],
      ['a uuid with U+0000', `01a1fef8-5b48-7114-bbdb-0a85e71ae03f%00`],
    ])('refuses %s as a member id on every :id route with 400', async (_, target) => {
      for (const [method, url, payload] of [
        ['GET', `${BASE}/${target}`],
        ['PATCH', `${BASE}/${target}`, { displayName: 'Back' }],
        ['POST', `${BASE}/${target}/password`, {}],
        ['DELETE', `${BASE}/${target}`],
      ] as const) {
        expectBadRequest(await api(method, url, payload), 'id', 'Invalid member id');
      }
      expect((await detail(id)).audit).toHaveLength(1);
    });

    it.each([
      ['nothing to change', {}, '_'],
      ['a bad status', { status: 'deleted' }, 'status'],
      ['a name too long', { displayName: 'x'.repeat(101) }, 'displayName'],
    ])('refuses a change with %s with 400', async (_, payload, field) => {
      expectBadRequest(await api('PATCH', `${BASE}/${id}`, payload), field);
      expect((await detail(id)).audit).toHaveLength(1);
    });

    it('refuses a short reset password with 400 and keeps the old one', async () => {
      const before = await storedHash(id);
      expectBadRequest(await api('POST', `${BASE}/${id}/password`, { password: 'short' }), 'password');
      expect(await storedHash(id)).toBe(before);
    });

    it('refuses an over-long id with 400', async () => {
      expectBadRequest(await api('GET', `${BASE}/${'a'.repeat(101)}`), 'id');
    });
  });

  it('never sends a password hash, in any answer or in the API description', async () => {
    const { member } = await createViaApi({ mobile: '+919876543210', displayName: 'Asha' });
    const id = member._id;
    const responses = [
      await api('POST', BASE, { mobile: '+919123456789', password: 'a good password' }),
      await api('GET', BASE),
      await api('GET', `${BASE}?q=98765`),
      await api('GET', `${BASE}/${id}`),
      await api('PATCH', `${BASE}/${id}`, { displayName: 'Asha Verma', status: 'disabled' }),
      await api('POST', `${BASE}/${id}/password`, {}),
      await api('POST', BASE, { mobile: '+919876543210' }),
      await t.app.inject({
        method: 'DELETE',
        url: '/api/auth/delete-account',
        headers: { origin: TEST_ORIGIN },
        payload: { mobile: '+919123456789', password: 'a wrong password' },
      }),
      await api('DELETE', `${BASE}/${id}`),
      await api('GET', '/api/openapi.json'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toMatch(/\$argon2/);
      expect(response.body).not.toMatch(/passwordHash|password_hash/);
    }
  });

  it('describes every member route in the OpenAPI document', async () => {
    const paths = (await api('GET', '/api/openapi.json')).json().paths;
    expect(Object.keys(paths['/api/members']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/members/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(paths['/api/members/{id}/password'])).toEqual(['post']);
    expect(Object.keys(paths['/api/auth/delete-account'])).toEqual(['delete']);
    expect(paths['/api/auth/delete-account'].delete.requestBody).toBeDefined();
  });
});
