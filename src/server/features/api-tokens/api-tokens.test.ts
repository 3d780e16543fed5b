import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../../../shared/contracts/api-tokens.ts';
import { API_TOKEN_MESSAGES, API_TOKENS_PER_USER } from '../../../shared/rules/api-tokens.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { createApiToken, withToken } from '../../test-support/api-tokens.ts';
import {
  asAdmin,
  type CurrentTestApp,
  createAdmin,
  createTestInstances,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_DIALECTS,
  TEST_ORIGIN,
} from '../../test-support/test-app.ts';

async function addInquiry(t: CurrentTestApp): Promise<string> {
  const row = storedInquiry(new Date(t.clock()).toISOString());
  await t.database.db.insertInto('contactInquiries').values(row).execute();
  return row.id;
}

function expectRefused(
  response: LightMyRequestResponse,
  status: number,
  message: string,
  code = ({ 401: 'TOKEN_INVALID', 403: 'FORBIDDEN', 404: 'NOT_FOUND' } as Record<number, string>)[status],
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ success: false, code, message });
}

async function signInAs(t: CurrentTestApp, role: Role): Promise<string> {
  const user = { email: `${role}@example.com`, password: 'correct horse battery', role };
  await createAdmin(t.database, user);
  return signIn(t.app, user);
}

describe.each(TEST_DIALECTS)('API tokens (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  it('is shown once and kept only as a hash; the list shows its name, role, access and dates', async () => {
    const { token, apiToken } = await createApiToken(t.app, t.cookie, { expiresInDays: 90 });
    expect(token).toMatch(/^smpk_[\w-]{43}$/);
    expect(apiToken).toEqual({
      _id: expect.any(String),
      name: 'Sheet sync',
      role: 'administrator',
      access: 'read',
      createdAt: new Date(t.clock()).toISOString(),
      expiresAt: new Date(t.clock() + 90 * DAY_MS).toISOString(),
      lastUsedAt: null,
    });
    const list = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/api-tokens' }));
    expect(list.json()).toEqual({ tokens: [apiToken] });
    expect(list.body).not.toContain(token);
    const stored = await t.database.db.selectFrom('apiTokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token.slice(5));
  });

  it('works as Bearer on the admin API without a cookie or an Origin, and records when it was last used', async () => {
    const { token, apiToken } = await createApiToken(t.app, t.cookie);
    const id = await addInquiry(t);
    const list = await t.app.inject(withToken(token, { url: '/api/contact-inquiries' }));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().inquiries.map((inquiry: { _id: string }) => inquiry._id)).toEqual([id]);
    expect(list.headers['cache-control']).toBe('no-store');

    const tokens = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/api-tokens' }));
    expect(tokens.json().tokens[0]).toMatchObject({
      _id: apiToken._id,
      lastUsedAt: new Date(t.clock()).toISOString(),
    });
  });

  it('read-only: lists inquiries and is refused a status change (403); read-write changes it', async () => {
    const id = await addInquiry(t);
    const status = (token: string) =>
      t.app.inject(
        withToken(token, {
          method: 'PATCH',
          url: `/api/contact-inquiries/${id}/status`,
          payload: { status: 'resolved' },
        }),
      );
    const readOnly = await createApiToken(t.app, t.cookie, { access: 'read' });
    expect(
      (await t.app.inject(withToken(readOnly.token, { url: `/api/contact-inquiries/${id}` }))).statusCode,
    ).toBe(200);
    expectRefused(await status(readOnly.token), 403, API_TOKEN_MESSAGES.readOnly);
    const stored = await t.database.db
      .selectFrom('contactInquiries')
      .select('status')
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('new');

    const readWrite = await createApiToken(t.app, t.cookie, { access: 'read-write', name: 'CRM' });
    expect((await status(readWrite.token)).statusCode).toBe(200);
    // The audit log names the token that made the change, as its owner.
    const log = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/audit-log?action=inquiry.status' }));
    expect(log.json().entries[0]).toMatchObject({
      actorEmail: 'owner@example.com',
      detail: { status: 'resolved', apiToken: 'CRM' },
    });
  });

  it("carries its own role, never more than its owner's", async () => {
    const agentToken = await createApiToken(t.app, t.cookie, { role: 'agent', access: 'read-write' });
    expect(
      (await t.app.inject(withToken(agentToken.token, { url: '/api/contact-inquiries' }))).statusCode,
    ).toBe(200);
    expect((await t.app.inject(withToken(agentToken.token, { url: '/api/admin/users' }))).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject(withToken(agentToken.token, { url: '/api/blogs/admin/all' }))).statusCode,
    ).toBe(403);

    const editor = await signInAs(t, 'editor');
    const refused = await t.app.inject(
      asAdmin(editor, {
        method: 'POST',
        url: '/api/admin/api-tokens',
        payload: { name: 'Too much', role: 'administrator', access: 'read', expiresInDays: 7 },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ role: API_TOKEN_MESSAGES.roleTooHigh });
    const editorToken = await createApiToken(t.app, editor, { role: 'editor' });
    expect(
      (await t.app.inject(withToken(editorToken.token, { url: '/api/blogs/admin/all' }))).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject(withToken(editorToken.token, { url: '/api/contact-inquiries' }))).statusCode,
    ).toBe(403);
  });

  it('stops working when its owner is disabled or moved to a role below it', async () => {
    const { token } = await createApiToken(t.app, t.cookie, { role: 'administrator' });
    const agent = await signInAs(t, 'agent');
    const agentToken = await createApiToken(t.app, agent, { role: 'agent' });
    const agentId = (
      await t.database.db
        .selectFrom('admins')
        .select('id')
        .where('role', '=', 'agent')
        .executeTakeFirstOrThrow()
    ).id;
    const change = (payload: object) =>
      t.app.inject(asAdmin(t.cookie, { method: 'PATCH', url: `/api/admin/users/${agentId}`, payload }));

    expect((await change({ role: 'editor' })).statusCode).toBe(200);
    expectRefused(
      await t.app.inject(withToken(agentToken.token, { url: '/api/contact-inquiries' })),
      401,
      API_TOKEN_MESSAGES.invalid,
    );
    expect((await change({ role: 'agent' })).statusCode).toBe(200);
    expect(
      (await t.app.inject(withToken(agentToken.token, { url: '/api/contact-inquiries' }))).statusCode,
    ).toBe(200);
    expect((await change({ disabled: true })).statusCode).toBe(200);
    expectRefused(
      await t.app.inject(withToken(agentToken.token, { url: '/api/contact-inquiries' })),
      401,
      API_TOKEN_MESSAGES.invalid,
    );
    expect((await t.app.inject(withToken(token, { url: '/api/contact-inquiries' }))).statusCode).toBe(200);
  });

  it('expires on its day', async () => {
    const { token } = await createApiToken(t.app, t.cookie, { expiresInDays: 7 });
    t.clock.advance(7 * DAY_MS - 1);
    expect((await t.app.inject(withToken(token, { url: '/api/contact-inquiries' }))).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await t.app.inject(withToken(token, { url: '/api/contact-inquiries' }));
    expectRefused(expired, 401, API_TOKEN_MESSAGES.invalid);
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refuses an unknown, empty or odd bearer value with 401, never a 5xx', async () => {
    const { token } = await createApiToken(t.app, t.cookie);
    for (const value of [
      'Bearer',
      'Bearer ',
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer smpk_${'A'.repeat(5000)}`,
      'Bearer smpk_\u0000',
      `bearer   ${token.toUpperCase()}`,
    ]) {
      const response = await t.app.inject({
        url: '/api/contact-inquiries',
        headers: { authorization: value },
      });
      expectRefused(response, 401, API_TOKEN_MESSAGES.invalid);
    }
    // Another scheme is not a token: the request is judged by its session, and has none.
    const basic = await t.app.inject({
      url: '/api/contact-inquiries',
      headers: { authorization: 'Basic YTpi' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('cannot manage accounts: no tokens, password or profile with a token', async () => {
    const { token } = await createApiToken(t.app, t.cookie, { access: 'read-write' });
    expectRefused(
      await t.app.inject(withToken(token, { url: '/api/admin/api-tokens' })),
      403,
      API_TOKEN_MESSAGES.accountArea,
    );
    const more = await t.app.inject(
      withToken(token, {
        method: 'POST',
        url: '/api/admin/api-tokens',
        payload: { name: 'Another', role: 'administrator', access: 'read-write', expiresInDays: 365 },
      }),
    );
    expectRefused(more, 403, API_TOKEN_MESSAGES.accountArea);
    expect(await t.database.db.selectFrom('apiTokens').select('id').execute()).toHaveLength(1);
  });

  it('needs no CSRF check without a cookie, and keeps it for a request that also sends the session cookie', async () => {
    const { token } = await createApiToken(t.app, t.cookie, { access: 'read-write' });
    const id = await addInquiry(t);
    const patch = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contact-inquiries/${id}/status`,
        payload: { status: 'in-progress' },
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    expect((await patch({ origin: 'https://automation.example' })).statusCode).toBe(200);
    expect((await patch({ origin: 'https://evil.example', cookie: t.cookie })).statusCode).toBe(403);
    expect((await patch({ origin: TEST_ORIGIN, cookie: t.cookie })).statusCode).toBe(200);
  });

  it(`keeps at most ${API_TOKENS_PER_USER} live tokens per user, also when created in parallel`, async () => {
    const responses = await Promise.all(
      Array.from({ length: API_TOKENS_PER_USER + 5 }, (_, index) =>
        t.app.inject(
          asAdmin(t.cookie, {
            method: 'POST',
            url: '/api/admin/api-tokens',
            payload: { name: `Token ${index}`, role: 'agent', access: 'read', expiresInDays: 1 },
          }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(API_TOKENS_PER_USER);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    // Expired ones do not count.
    t.clock.advance(DAY_MS);
    expect((await createApiToken(t.app, await signIn(t.app))).token).toMatch(/^smpk_/);
  });

  it('is revoked by its owner only, and then refused at once', async () => {
    const { token, apiToken } = await createApiToken(t.app, t.cookie);
    const agent = await signInAs(t, 'agent');
    const notTheirs = await t.app.inject(
      asAdmin(agent, { method: 'DELETE', url: `/api/admin/api-tokens/${apiToken._id}` }),
    );
    expectRefused(notTheirs, 404, API_TOKEN_MESSAGES.notFound);
    expect((await t.app.inject(withToken(token, { url: '/api/contact-inquiries' }))).statusCode).toBe(200);
    const revoked = await t.app.inject(
      asAdmin(t.cookie, { method: 'DELETE', url: `/api/admin/api-tokens/${apiToken._id}` }),
    );
    expect(revoked.json()).toEqual({ success: true, message: API_TOKEN_MESSAGES.revoked });
    expectRefused(
      await t.app.inject(withToken(token, { url: '/api/contact-inquiries' })),
      401,
      API_TOKEN_MESSAGES.invalid,
    );
  });
});

describe.each(TEST_DIALECTS)('API tokens on two instances (%s)', (dialect) => {
  it('a token revoked on one instance is refused by the other at once', async () => {
    const instances = await createTestInstances(dialect, 2);
    try {
      const [first, second] = instances.apps as [CurrentTestApp['app'], CurrentTestApp['app']];
      await createAdmin(instances.database);
      const cookie = await signIn(first);
      const created = await first.inject(
        asAdmin(cookie, {
          method: 'POST',
          url: '/api/admin/api-tokens',
          payload: { name: 'Zapier', role: 'agent', access: 'read', expiresInDays: 30 },
        }),
      );
      const { token, apiToken } = created.json().data as { token: string; apiToken: ApiToken };
      expect((await second.inject(withToken(token, { url: '/api/contact-inquiries' }))).statusCode).toBe(200);
      await first.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/admin/api-tokens/${apiToken._id}` }));
      const startedAt = performance.now();
      const refused = await second.inject(withToken(token, { url: '/api/contact-inquiries' }));
      expect(refused.statusCode).toBe(401);
      expect(performance.now() - startedAt).toBeLessThan(1_000);
    } finally {
      await instances.close();
    }
  });
});
