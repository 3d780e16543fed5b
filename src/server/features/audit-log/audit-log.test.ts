import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogResponse } from '../../../shared/contracts/audit-log.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { access } from '../../plugins/access.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  loginRequest,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_ORIGIN,
  withTestApp,
} from '../../test-support/test-app.ts';

const LOG = '/api/admin/audit-log';

describe('the audit declarations', () => {
  it('refuse to start with a back-office route that changes something and declares no audit action', async () => {
    await withTestApp('sqlite', {}, async (t) => {
      await expect(
        t.app.register(async (scope) => {
          scope.post(
            '/api/admin/undeclared',
            { config: { access: access.session('account') } },
            async () => ({}),
          );
        }),
      ).rejects.toThrow('POST /api/admin/undeclared declares no audit action');
    });
  });

  it('let a read, a public route and one that says it changes nothing worth a record start without one', async () => {
    await withTestApp('sqlite', {}, async (t) => {
      await t.app.register(async (scope) => {
        const ok = async () => ({});
        scope.get('/api/admin/read', { config: { access: access.session('account') } }, ok);
        scope.post('/api/visitor', { config: { access: access.public } }, ok);
        scope.post('/api/admin/nothing', { config: { access: access.session('account'), audit: null } }, ok);
      });
      await t.app.ready();
    });
  });

  it('are shown in the API description as x-audit on every audited operation', async () => {
    await withTestApp('sqlite', {}, async (t) => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, { 'x-audit'?: { action: string; target?: string } }>>;
      };
      expect(document.paths['/api/admin/users/{id}']?.patch?.['x-audit']).toEqual({
        action: 'user.update',
        target: 'user',
      });
      expect(document.paths['/api/admin/login']?.post?.['x-audit']).toEqual({ action: 'sign-in' });
      expect(document.paths['/api/contact-inquiries']?.get?.['x-audit']).toBeUndefined();
    });
  });
});

describe.each(TEST_DIALECTS)('audit log (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  const api = (method: InjectOptions['method'], url: string, payload?: object, cookie = t.cookie) =>
    t.app.inject(asAdmin(cookie, { method, url, ...(payload === undefined ? {} : { payload }) }));
  const entries = async (query = ''): Promise<AuditEntry[]> => {
    const response = await api('GET', `${LOG}?${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as AuditLogResponse).entries;
  };

  it('records sign-ins, refused ones with the reason, and sign-outs, with the address', async () => {
    const ownerId = (await t.database.db.selectFrom('admins').select('id').executeTakeFirstOrThrow()).id;
    await t.app.inject(
      loginRequest({ ...TEST_ADMIN, password: 'not the password' }, { remoteAddress: '203.0.113.7' }),
    );
    await t.app.inject(loginRequest({ email: 'nobody@example.com', password: 'whatever it is' }));
    const cookie = await signIn(t.app);
    await api('POST', '/api/admin/logout', undefined, cookie);
    // A sign-out without a session changes nothing and is not recorded.
    await api('POST', '/api/admin/logout', undefined, '');

    const log = await entries();
    expect(log.map(({ action, actorEmail, detail }) => ({ action, actorEmail, detail }))).toEqual([
      { action: 'sign-out', actorEmail: TEST_ADMIN.email, detail: null },
      { action: 'sign-in', actorEmail: TEST_ADMIN.email, detail: null },
      {
        action: 'sign-in.failed',
        actorEmail: 'nobody@example.com',
        detail: { reason: 'wrong email or password' },
      },
      {
        action: 'sign-in.failed',
        actorEmail: TEST_ADMIN.email,
        detail: { reason: 'wrong email or password' },
      },
      // The sign-in of the suite's own session: the account's first.
      { action: 'sign-in', actorEmail: TEST_ADMIN.email, detail: null },
    ]);
    expect(log[3]).toMatchObject({ actorId: ownerId, ip: '203.0.113.7' });
    expect(log[2]?.actorId).toBeNull();
    expect(JSON.stringify(log)).not.toContain('not the password');
  });

  it('records a change with who, what, which and when, never a password', async () => {
    const inquiry = storedInquiry(new Date(t.clock()).toISOString());
    await t.database.db.insertInto('contactInquiries').values(inquiry).execute();
    expect(
      (await api('PATCH', `/api/contact-inquiries/${inquiry.id}/status`, { status: 'resolved' })).statusCode,
    ).toBe(200);
    const created = await api('POST', '/api/members', {
      mobile: '+919123456789',
      password: 'member secret 123',
    });
    expect(created.statusCode).toBe(201);
    // Refused changes are not changes.
    expect(
      (await api('PATCH', `/api/contact-inquiries/${inquiry.id}/status`, { status: 'bogus' })).statusCode,
    ).toBe(400);

    const [member, status] = await entries('action=&page=1');
    expect(status).toMatchObject({
      action: 'inquiry.status',
      actorEmail: TEST_ADMIN.email,
      targetType: 'inquiry',
      targetId: inquiry.id,
      detail: { status: 'resolved' },
    });
    expect(Date.parse(status!.at)).toBe(t.clock());
    expect(member).toMatchObject({ action: 'member.create', detail: { mobile: '+919123456789' } });
    expect(JSON.stringify(member)).not.toContain('member secret');
  });

  it('names an inquiry by its sender while it exists, and by its id once it is deleted', async () => {
    const inquiry = { ...storedInquiry(new Date(t.clock()).toISOString()), name: 'Meera Iyer' };
    await t.database.db.insertInto('contactInquiries').values(inquiry).execute();
    expect(
      (await api('PATCH', `/api/contact-inquiries/${inquiry.id}/status`, { status: 'resolved' })).statusCode,
    ).toBe(200);
    const [status] = await entries();
    expect(status).toMatchObject({ targetType: 'inquiry', targetId: inquiry.id, targetName: 'Meera Iyer' });

    expect((await api('DELETE', `/api/contact-inquiries/${inquiry.id}`)).statusCode).toBe(200);
    const [deleted, before] = await entries();
    expect(deleted).toMatchObject({ action: 'inquiry.delete', targetId: inquiry.id, targetName: null });
    expect(before).toMatchObject({ action: 'inquiry.status', targetName: null });
  });

  it('records changes to the team, and an accepted invitation as its user, without passwords or links', async () => {
    const created = await api('POST', '/api/admin/users', {
      email: 'ravi@example.com',
      name: 'Ravi',
      role: 'agent',
      invite: true,
    });
    expect(created.statusCode).toBe(201);
    const { user, invitationUrl } = created.json().data as { user: { _id: string }; invitationUrl: string };
    const token = new URL(invitationUrl).hash.slice(1);
    expect((await api('PATCH', `/api/admin/users/${user._id}`, { role: 'editor' })).statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitation/accept',
      headers: { origin: TEST_ORIGIN },
      payload: { token, password: 'ravi sets this one' },
    });
    expect(accepted.statusCode).toBe(200);

    const [accept, update, create] = await entries();
    expect(create).toMatchObject({
      action: 'user.create',
      actorEmail: TEST_ADMIN.email,
      detail: { email: 'ravi@example.com', name: 'Ravi', role: 'agent', invite: true },
    });
    expect(update).toMatchObject({
      action: 'user.update',
      targetType: 'user',
      targetId: user._id,
      detail: { role: 'editor' },
    });
    expect(accept).toMatchObject({
      action: 'user.invitation-accepted',
      actorId: user._id,
      actorEmail: 'ravi@example.com',
      detail: null,
    });
    expect(JSON.stringify(await entries())).not.toMatch(/ravi sets this one|#/);
  });

  it('filters by user, action and days in the business time zone', async () => {
    const agentId = await createAdmin(t.database, {
      email: 'agent@example.com',
      password: 'agent password 1',
      name: 'Agent',
      role: 'agent',
    });
    const agentLogin = { email: 'agent@example.com', password: 'agent password 1' };
    const kolkataDay = (at: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
    const firstDay = kolkataDay(t.clock());
    await signIn(t.app, agentLogin);
    t.clock.advance(2 * DAY_MS);
    t.cookie = await signIn(t.app);
    await api('POST', '/api/admin/logout', undefined, await signIn(t.app, agentLogin));

    expect((await entries(`actor=${agentId}`)).map((entry) => entry.action)).toEqual([
      'sign-out',
      'sign-in',
      'sign-in',
    ]);
    expect((await entries('action=sign-out')).map((entry) => entry.actorEmail)).toEqual([
      'agent@example.com',
    ]);
    // Days are the business's (Asia/Kolkata by default), whose day starts at 18:30 UTC the day before.
    const today = kolkataDay(t.clock());
    expect((await entries(`from=${today}&to=${today}`)).map((entry) => entry.actorEmail)).toEqual([
      'agent@example.com',
      'agent@example.com',
      TEST_ADMIN.email,
    ]);
    const firstDayOnly = await api('GET', `${LOG}?from=${firstDay}&to=${firstDay}`);
    expect(firstDayOnly.json()).toMatchObject({ total: 2, keepDays: 365 });
  });

  it('refuses a bad filter with 400 and keeps the log from agents, editors and visitors', async () => {
    for (const query of [
      'action=drop-table',
      'from=2026-13-45',
      'from=%00',
      'actor=x',
      `to=${'9'.repeat(5000)}`,
    ]) {
      const response = await api('GET', `${LOG}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
    }
    for (const role of ['agent', 'editor'] as const) {
      const email = `${role}@example.com`;
      await createAdmin(t.database, { email, password: 'a long password', name: role, role });
      const response = await api(
        'GET',
        LOG,
        undefined,
        await signIn(t.app, { email, password: 'a long password' }),
      );
      expect(response.statusCode).toBe(403);
    }
    expectAuthenticationRequired(await api('GET', LOG, undefined, ''));
  });

  it('erases entries older than the keeping time', async () => {
    expect(await entries()).toHaveLength(1);
    t.clock.advance(365 * DAY_MS + 1);
    t.cookie = await signIn(t.app);
    expect(await t.app.jobs.auditLogPurge.runNow()).toBe(1);
    expect((await entries()).map((entry) => entry.action)).toEqual(['sign-in']);
  });
});
