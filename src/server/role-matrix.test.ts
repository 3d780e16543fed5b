import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../shared/rules/api.ts';
import { API_TOKEN_MESSAGES, type ApiTokenAccess } from '../shared/rules/api-tokens.ts';
import { canUse, FORBIDDEN_MESSAGE, ROLES, type Role } from '../shared/rules/roles.ts';
import type { RouteAccess } from './plugins/access.ts';
import { accessExtension, isApiDescriptionRoute } from './plugins/api-description.ts';
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
 * Every operation of the API document, called without a session, as each role, and with a read and a
 * read-write token of each role, must answer as its route's access declaration says (`config.access`,
 * decision 048), read from the app (`app.routeAccess`): this test keeps no table of its own.
 */
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

  /** The operation's access declaration (access.ts): what the route itself says, never a copy. */
  const declarationOf = (operation: FuzzOperation): RouteAccess => {
    const declaration = t.app.routeAccess.get(label(operation));
    if (!declaration) throw new Error(`${label(operation)} has no access declaration`);
    return declaration;
  };

  it('every operation of the API document has its declaration, and shows it as x-access', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { 'x-access'?: unknown }>>;
    }>();
    const mismatches = operations
      .filter((operation) => {
        const declaration = t.app.routeAccess.get(label(operation));
        const shown = document.paths[operation.path]?.[operation.method.toLowerCase()]?.['x-access'];
        return !declaration || JSON.stringify(shown) !== JSON.stringify(accessExtension(declaration));
      })
      .map(label);
    expect(mismatches).toEqual([]);
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

  it('every operation answers each role and a visitor as its declaration says', async () => {
    const failures: string[] = [];
    let cases = 0;
    const expectAnswer = (what: string, answer: Answer, ok: boolean, wanted: string) => {
      cases += 1;
      if (answer.status >= 500 || !ok)
        failures.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}, wanted ${wanted}`);
    };
    for (const operation of operations) {
      const { area } = declarationOf(operation);
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
              JSON.stringify({
                success: false,
                code: 'SESSION_REQUIRED',
                message: AUTHENTICATION_REQUIRED_MESSAGE,
              }),
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
              JSON.stringify(answer.body) ===
                JSON.stringify({ success: false, code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE }),
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
  it('an API token answers as its declaration says: its role, the token kinds, a read-only token’s writes', async () => {
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
    let cases = 0;
    for (const operation of operations) {
      const declaration = declarationOf(operation);
      const { area } = declaration;
      if (area === 'public') continue;
      for (const { role, access, token } of tokens) {
        cases += 1;
        const answer = await call(operation, undefined, token);
        const refusal = !canUse(role, area)
          ? FORBIDDEN_MESSAGE
          : !declaration.tokens.includes(access)
            ? area === 'account'
              ? API_TOKEN_MESSAGES.accountArea
              : API_TOKEN_MESSAGES.sessionOnly
            : access === 'read' && !['GET', 'HEAD'].includes(operation.method)
              ? API_TOKEN_MESSAGES.readOnly
              : null;
        const ok =
          refusal === null
            ? ![401, 403].includes(answer.status)
            : answer.status === 403 &&
              JSON.stringify(answer.body) ===
                JSON.stringify({ success: false, code: 'FORBIDDEN', message: refusal });
        if (answer.status >= 500 || !ok)
          failures.push(
            `${label(operation)} with a ${access} ${role} token: ${answer.status} ${JSON.stringify(answer.body)}, wanted ${refusal ?? 'neither 401 nor 403'}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // Both kinds of operation are there: those a token may call, and those it may not.
    expect(cases).toBeGreaterThan(0);
    const declarations = operations.map(declarationOf);
    expect(declarations.some((declaration) => declaration.tokens.length > 0)).toBe(true);
    expect(declarations.some((declaration) => declaration.sensitive)).toBe(true);
  });
});
