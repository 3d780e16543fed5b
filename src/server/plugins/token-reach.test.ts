import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, type ApiTokenAccess } from '../../shared/rules/api-tokens.ts';
import { createApiToken, withToken } from '../test-support/api-tokens.ts';
import {
  asAdmin,
  type CurrentTestApp,
  createAdmin,
  signedInAppForEachTest,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
} from '../test-support/test-app.ts';

/** What an administrator's token must never do (issue 35): each is sensitive or for a session only. */
const SESSION_ONLY_OPERATIONS: [InjectOptions['method'], string][] = [
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users'],
  ['PATCH', '/api/admin/users/{id}'],
  ['DELETE', '/api/admin/users/{id}'],
  ['POST', '/api/admin/users/{id}/password'],
  ['POST', '/api/admin/users/{id}/invitation'],
  ['DELETE', '/api/admin/users/{id}/two-factor'],
  ['GET', '/api/admin/settings/sign-in'],
  ['PUT', '/api/admin/settings/sign-in'],
  ['GET', '/api/admin/webhooks'],
  ['POST', '/api/admin/webhooks'],
  ['PATCH', '/api/admin/webhooks/{id}'],
  ['DELETE', '/api/admin/webhooks/{id}'],
  ['GET', '/api/admin/webhooks/{id}/deliveries'],
  ['POST', '/api/admin/webhooks/{id}/deliveries/{id}/redeliver'],
  ['GET', '/api/admin/backups'],
  ['GET', '/api/admin/backups/latest'],
  ['GET', '/api/docs/'],
];

const SCRIPT = { email: 'script@example.com', password: 'script owner password', name: 'Script' };

/** A token of a second administrator (the owner of the test app is the first). */
async function administratorToken(t: CurrentTestApp, access: ApiTokenAccess): Promise<string> {
  await createAdmin(t.database, SCRIPT);
  const cookie = await signIn(t.app, SCRIPT);
  return (
    await createApiToken(t.app, cookie, { name: 'Sync', role: 'administrator', access, expiresInDays: 7 })
  ).token;
}

const ownerId = async (t: CurrentTestApp) =>
  (
    await t.database.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow()
  ).id;

describe.each(TEST_DIALECTS)('what an administrator’s API token cannot do (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  it('a read-write token is refused (403) every team, webhook, sign-in setting and backup operation', async () => {
    const token = await administratorToken(t, 'read-write');
    const answers = [];
    for (const [method, path] of [...SESSION_ONLY_OPERATIONS, ['POST', '/api/admin/api-tokens'] as const]) {
      const response = await t.app.inject(
        withToken(token, {
          method,
          url: path.replaceAll('{id}', () => randomUUID()),
          ...(method === 'GET' ? {} : { payload: {} }),
        }),
      );
      answers.push(`${method} ${path}: ${response.statusCode} ${response.json().message}`);
    }
    expect(answers).toEqual([
      ...SESSION_ONLY_OPERATIONS.map(
        ([method, path]) => `${method} ${path}: 403 ${API_TOKEN_MESSAGES.sessionOnly}`,
      ),
      `POST /api/admin/api-tokens: 403 ${API_TOKEN_MESSAGES.accountArea}`,
    ]);
  });

  it('a read-only token cannot download the backup; the session can', async () => {
    const token = await administratorToken(t, 'read');
    const refused = await t.app.inject(withToken(token, { url: '/api/admin/backups/latest' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: API_TOKEN_MESSAGES.sessionOnly,
    });
    // Past the access check: there is simply no backup yet.
    const session = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/backups/latest' }));
    expect(session.statusCode).toBe(404);
    expect((await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/backups' }))).statusCode).toBe(200);
  });

  it('a write token cannot add an administrator with a chosen password; the session can', async () => {
    const token = await administratorToken(t, 'read-write');
    const user = {
      email: 'intruder@example.com',
      name: 'Intruder',
      role: 'administrator',
      password: 'a chosen password',
    };
    const refused = await t.app.inject(
      withToken(token, { method: 'POST', url: '/api/admin/users', payload: user }),
    );
    expect(refused.statusCode).toBe(403);
    const intruders = () =>
      t.database.db.selectFrom('admins').select('id').where('email', '=', user.email).execute();
    expect(await intruders()).toEqual([]);
    const added = await t.app.inject(
      asAdmin(t.cookie, { method: 'POST', url: '/api/admin/users', payload: user }),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(await intruders()).toHaveLength(1);
  });

  it('a write token cannot reset a two-factor administrator’s second factor nor invite them again', async () => {
    const token = await administratorToken(t, 'read-write');
    const owner = await ownerId(t);
    const enabledAt = new Date(t.clock()).toISOString();
    await t.database.db
      .updateTable('admins')
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: enabledAt })
      .where('id', '=', owner)
      .execute();
    const twoFactorOn = async () =>
      (
        await t.database.db
          .selectFrom('admins')
          .select('totpEnabledAt')
          .where('id', '=', owner)
          .executeTakeFirstOrThrow()
      ).totpEnabledAt !== null;
    for (const url of [`/api/admin/users/${owner}/two-factor`, `/api/admin/users/${owner}/invitation`]) {
      const method = url.endsWith('two-factor') ? 'DELETE' : 'POST';
      const refused = await t.app.inject(withToken(token, { method, url }));
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await twoFactorOn()).toBe(true);
    expect(await t.database.db.selectFrom('adminInvitations').selectAll().execute()).toEqual([]);

    const scriptCookie = await signIn(t.app, SCRIPT);
    const reset = await t.app.inject(
      asAdmin(scriptCookie, { method: 'DELETE', url: `/api/admin/users/${owner}/two-factor` }),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await twoFactorOn()).toBe(false);
  });

  it('a write token can neither read out the owner’s new password nor demote the owner', async () => {
    const token = await administratorToken(t, 'read-write');
    const owner = await ownerId(t);
    const reset = await t.app.inject(
      withToken(token, { method: 'POST', url: `/api/admin/users/${owner}/password`, payload: {} }),
    );
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: API_TOKEN_MESSAGES.sessionOnly,
    });
    // The owner's password is unchanged: they still sign in with it.
    await signIn(t.app, TEST_ADMIN);

    const demoted = await t.app.inject(
      withToken(token, { method: 'PATCH', url: `/api/admin/users/${owner}`, payload: { role: 'agent' } }),
    );
    expect(demoted.statusCode).toBe(403);
    const role = async () =>
      (
        await t.database.db
          .selectFrom('admins')
          .select('role')
          .where('id', '=', owner)
          .executeTakeFirstOrThrow()
      ).role;
    expect(await role()).toBe('administrator');

    const scriptCookie = await signIn(t.app, SCRIPT);
    const bySession = await t.app.inject(
      asAdmin(scriptCookie, {
        method: 'PATCH',
        url: `/api/admin/users/${owner}`,
        payload: { role: 'agent' },
      }),
    );
    expect(bySession.statusCode, bySession.body).toBe(200);
    expect(await role()).toBe('agent');
  });

  it('a session still reads the team, the sign-in settings and the webhooks', async () => {
    for (const url of ['/api/admin/users', '/api/admin/settings/sign-in', '/api/admin/webhooks']) {
      const response = await t.app.inject(asAdmin(t.cookie, { url }));
      expect(response.statusCode, url).toBe(200);
    }
  });
});
