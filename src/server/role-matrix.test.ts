import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../shared/rules/api.ts';
import { API_TOKEN_MESSAGES, type ApiTokenAccess } from '../shared/rules/api-tokens.ts';
import { type Area, canUse, FORBIDDEN_MESSAGE, ROLES, type Role } from '../shared/rules/roles.ts';
import { isApiDescriptionRoute } from './plugins/api-description.ts';
import {
  type FuzzOperation,
  normalizeRoutePath,
  operationsFromOpenApi,
  routesFromPrintout,
} from './test-support/fuzz/operations.ts';
import {
  createAdmin,
  createTestApp,
  signIn,
  TEST_DIALECTS,
  TEST_ORIGIN,
  type TestApp,
} from './test-support/test-app.ts';

/**
 * Who may call each operation of the API document: the part of the back office it belongs to
 * (src/shared/rules/roles.ts), or `public` for what a visitor may call without a session. Every operation
 * of the document must be here and nothing else: a new route fails this test until it gets its line.
 */
const ACCESS: Record<string, Area | 'public'> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',

  'POST /api/admin/login': 'public',
  'POST /api/admin/logout': 'public',
  'GET /api/admin/login-info': 'public',
  'GET /api/admin/me': 'account',
  'POST /api/admin/password': 'account',
  'POST /api/admin/login/two-factor': 'public',
  'GET /api/admin/two-factor': 'account',
  'POST /api/admin/two-factor/setup': 'account',
  'POST /api/admin/two-factor/enable': 'account',
  'POST /api/admin/two-factor/disable': 'account',
  'POST /api/admin/two-factor/recovery-codes': 'account',
  'DELETE /api/admin/users/{id}/two-factor': 'administration',
  'GET /api/admin/settings/sign-in': 'administration',
  'PUT /api/admin/settings/sign-in': 'administration',

  'GET /api/admin/webhooks': 'administration',
  'POST /api/admin/webhooks': 'administration',
  'PATCH /api/admin/webhooks/{id}': 'administration',
  'DELETE /api/admin/webhooks/{id}': 'administration',
  'GET /api/admin/webhooks/{id}/deliveries': 'administration',
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver': 'administration',

  'GET /api/admin/users': 'administration',
  'POST /api/admin/users': 'administration',
  'PATCH /api/admin/users/{id}': 'administration',
  'DELETE /api/admin/users/{id}': 'administration',
  'POST /api/admin/users/{id}/password': 'administration',
  'POST /api/admin/users/{id}/invitation': 'administration',
  'POST /api/admin/invitation/check': 'public',
  'POST /api/admin/invitation/accept': 'public',

  'GET /api/contacts/active': 'public',
  'GET /api/contacts': 'administration',
  'POST /api/contacts': 'administration',
  'PATCH /api/contacts/{id}': 'administration',
  'DELETE /api/contacts/{id}': 'administration',

  'GET /api/settings': 'public',
  'PUT /api/admin/settings': 'administration',

  'GET /api/admin/push/public-key': 'account',
  'GET /api/admin/profile/devices': 'account',
  'POST /api/admin/profile/devices': 'account',
  'DELETE /api/admin/profile/devices/{id}': 'account',
  'POST /api/admin/profile/devices/{id}/test': 'account',
  'GET /api/admin/api-tokens': 'account',
  'POST /api/admin/api-tokens': 'account',
  'DELETE /api/admin/api-tokens/{id}': 'account',
  'GET /api/admin/profile/notifications': 'account',
  'PUT /api/admin/profile/notifications': 'account',
  'GET /api/admin/notifications': 'administration',
  'POST /api/admin/notifications/test-email': 'administration',

  'POST /api/contact-inquiries': 'public',
  'GET /api/contact-inquiries': 'inbox',
  'GET /api/contact-inquiries/stats': 'inbox',
  'GET /api/contact-inquiries/export.csv': 'administration',
  'GET /api/contact-inquiries/{id}': 'inbox',
  'DELETE /api/contact-inquiries/{id}': 'administration',
  'PATCH /api/contact-inquiries/{id}/status': 'inbox',
  'PATCH /api/contact-inquiries/{id}/read': 'inbox',
  'PATCH /api/contact-inquiries/{id}/unread': 'inbox',
  'GET /api/admin/events': 'inbox',
  'GET /api/contact-inquiries/assignees': 'inbox',
  'PUT /api/contact-inquiries/{id}/assignee': 'inbox',
  'GET /api/contact-inquiries/{id}/notes': 'inbox',
  'POST /api/contact-inquiries/{id}/notes': 'inbox',
  'PATCH /api/contact-inquiries/{id}/notes/{noteId}': 'inbox',
  'DELETE /api/contact-inquiries/{id}/notes/{noteId}': 'inbox',
  'GET /api/contact-inquiries/{id}/history': 'inbox',
  'POST /api/contact-inquiries/{id}/reply-link': 'inbox',

  'GET /api/blogs/published': 'public',
  'GET /api/blogs/{post}': 'public',
  'GET /api/blogs/admin/all': 'blog',
  'GET /api/blogs/admin/{id}': 'blog',
  'POST /api/blogs': 'blog',
  'POST /api/blogs/preview': 'blog',
  'PUT /api/blogs/{post}': 'blog',
  'DELETE /api/blogs/{post}': 'blog',
  'GET /api/blogs/admin/{id}/revisions': 'blog',
  'GET /api/blogs/admin/{id}/revisions/{revisionId}': 'blog',
  'POST /api/blogs/admin/{id}/revisions/{revisionId}/restore': 'blog',
  'GET /api/blogs/autosaves/{postKey}': 'blog',
  'PUT /api/blogs/autosaves/{postKey}': 'blog',
  'DELETE /api/blogs/autosaves/{postKey}': 'blog',
  'POST /api/uploads': 'blog',
  'DELETE /api/uploads/{id}': 'blog',

  'GET /api/members': 'administration',
  'POST /api/members': 'administration',
  'GET /api/members/{id}': 'administration',
  'PATCH /api/members/{id}': 'administration',
  'DELETE /api/members/{id}': 'administration',
  'POST /api/members/{id}/password': 'administration',
  'DELETE /api/auth/delete-account': 'public',

  'GET /api/admin/dashboard': 'dashboard',
  'GET /api/admin/dashboard/clicks-and-views': 'dashboard',
  'DELETE /api/admin/dashboard/channel-clicks': 'administration',
  'GET /api/admin/backups': 'administration',
  'GET /api/admin/backups/latest': 'administration',
  'GET /api/admin/audit-log': 'administration',
};

const PASSWORD = 'role matrix password';
const label = (operation: { method: string; path: string }) => `${operation.method} ${operation.path}`;

interface Answer {
  status: number;
  body: unknown;
}

describe.each(TEST_DIALECTS)('the role matrix (%s)', (dialect) => {
  let t: TestApp;
  let operations: FuzzOperation[];
  const cookies = new Map<Role, string>();
  const emailOf = (role: Role) => `${role}@example.com`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) {
      await createAdmin(t.database, { email: emailOf(role), password: PASSWORD, name: role, role });
      cookies.set(role, await signIn(t.app, { email: emailOf(role), password: PASSWORD }));
    }
    operations = operationsFromOpenApi((await t.app.inject({ url: '/api/openapi.json' })).json());
  });
  afterAll(() => t?.close());

  /**
   * One call, with a random UUID for every path parameter (so nothing real is touched) and an empty body
   * where one is taken. The answer is read as a stream: the event stream's never ends, and is closed unread.
   */
  const call = async (
    operation: FuzzOperation,
    cookie: string | undefined,
    token?: string,
  ): Promise<Answer> => {
    const url = operation.path.replace(/\{[^}]+\}/g, () => randomUUID());
    const options: InjectOptions = {
      method: operation.method as InjectOptions['method'],
      url,
      headers: token
        ? { authorization: `Bearer ${token}` }
        : { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(operation.body ? { payload: {} } : {}),
      payloadAsStream: true,
    };
    const response = await t.app.inject(options);
    const stream = response.stream();
    if (!String(response.headers['content-type']).startsWith('application/json')) {
      stream.destroy();
      return { status: response.statusCode, body: undefined };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return { status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  };

  it('the table lists every operation of the API document, and only those', async () => {
    const documented = operations.map(label);
    expect
      .soft(
        documented.filter((operation) => !(operation in ACCESS)),
        'operations missing from ACCESS',
      )
      .toEqual([]);
    expect
      .soft(
        Object.keys(ACCESS).filter((operation) => !documented.includes(operation)),
        'not in the document',
      )
      .toEqual([]);
    // A route hidden from the document would escape the matrix: every /api route must be in it.
    const inDocument = new Set(
      operations.map((operation) => `${operation.method} ${normalizeRoutePath(operation.path)}`),
    );
    const hidden = routesFromPrintout(t.app.printRoutes({ commonPrefix: false }))
      .filter(
        (route) =>
          route.path.startsWith('/api/') && route.method !== 'HEAD' && !isApiDescriptionRoute(route.path),
      )
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !inDocument.has(route));
    expect(hidden, 'API routes hidden from the document').toEqual([]);
  });

  it('every operation answers each role and a visitor as its area says', async () => {
    const failures: string[] = [];
    let cases = 0;
    const expectAnswer = (what: string, answer: Answer, ok: boolean, wanted: string) => {
      cases += 1;
      if (answer.status >= 500 || !ok)
        failures.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}, wanted ${wanted}`);
    };
    for (const operation of operations) {
      const area = ACCESS[label(operation)];
      if (area === undefined) continue;
      const visitor = await call(operation, undefined);
      if (area === 'public') {
        expectAnswer(
          `${label(operation)} without a session`,
          visitor,
          ![401, 403].includes(visitor.status),
          'no 401 or 403',
        );
      } else {
        expectAnswer(
          `${label(operation)} without a session`,
          visitor,
          visitor.status === 401 &&
            JSON.stringify(visitor.body) ===
              JSON.stringify({ success: false, message: AUTHENTICATION_REQUIRED_MESSAGE }),
          '401',
        );
      }
      for (const role of ROLES) {
        const answer = await call(operation, cookies.get(role));
        const allowed = area === 'public' || canUse(role, area);
        const what = `${label(operation)} as ${role}`;
        if (allowed) expectAnswer(what, answer, ![401, 403].includes(answer.status), 'neither 401 nor 403');
        else
          expectAnswer(
            what,
            answer,
            answer.status === 403 &&
              JSON.stringify(answer.body) === JSON.stringify({ success: false, message: FORBIDDEN_MESSAGE }),
            `403 ${FORBIDDEN_MESSAGE}`,
          );
        // An operation that ends the session it was called with (sign-out) leaves the role signed in again.
        const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie: cookies.get(role)! } });
        if (me.statusCode === 401)
          cookies.set(role, await signIn(t.app, { email: emailOf(role), password: PASSWORD }));
      }
    }
    console.info(
      `role matrix (${dialect}): ${operations.length} operations × 4 (administrator, agent, editor, no session) = ${cases} cases`,
    );
    expect(failures).toEqual([]);
    expect(cases).toBe(operations.length * 4);
  });
  it("an API token answers as its role's session would, except for accounts and a read-only token's writes", async () => {
    const failures: string[] = [];
    const tokens: { role: Role; access: ApiTokenAccess; token: string }[] = [];
    for (const role of ROLES) {
      for (const access of ['read', 'read-write'] as const) {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/admin/api-tokens',
          headers: { origin: TEST_ORIGIN, cookie: cookies.get('administrator')! },
          payload: { name: `${role} ${access}`, role, access, expiresInDays: 7 },
        });
        tokens.push({ role, access, token: created.json().data.token });
      }
    }
    for (const operation of operations) {
      const area = ACCESS[label(operation)];
      if (area === undefined || area === 'public') continue;
      for (const { role, access, token } of tokens) {
        const answer = await call(operation, undefined, token);
        const refusal = !canUse(role, area)
          ? FORBIDDEN_MESSAGE
          : area === 'account'
            ? API_TOKEN_MESSAGES.accountArea
            : access === 'read' && !['GET', 'HEAD'].includes(operation.method)
              ? API_TOKEN_MESSAGES.readOnly
              : null;
        const ok =
          refusal === null
            ? ![401, 403].includes(answer.status)
            : answer.status === 403 &&
              JSON.stringify(answer.body) === JSON.stringify({ success: false, message: refusal });
        if (answer.status >= 500 || !ok)
          failures.push(
            `${label(operation)} with a ${access} ${role} token: ${answer.status} ${JSON.stringify(answer.body)}, wanted ${refusal ?? 'neither 401 nor 403'}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});
