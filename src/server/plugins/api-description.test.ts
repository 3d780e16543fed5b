import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_TOKEN_MESSAGES } from '../../shared/rules/api-tokens.ts';
import type { Role } from '../../shared/rules/roles.ts';
import { createApiToken } from '../test-support/api-tokens.ts';
import {
  asAdmin,
  createAdmin,
  createTestApp,
  signIn,
  TEST_DIALECTS,
  TEST_ORIGIN,
  type TestApp,
  withTestApp,
} from '../test-support/test-app.ts';
import { access } from './access.ts';
import {
  type AccessExtension,
  API_DOCUMENT_PATH,
  API_REFERENCE_PATH,
  type AuditExtension,
  operationIdOf,
} from './api-description.ts';
import { securityHeaders } from './security.ts';

interface Operation {
  operationId?: string;
  'x-access'?: AccessExtension;
  'x-audit'?: AuditExtension;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
}
interface ApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
}

const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];
const SESSION_ONLY: Record<string, string[]>[] = [{ sessionCookie: [] }];
const PASSWORD = 'api description password';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const documentOf = async (app: FastifyInstance, headers: Record<string, string> = {}) =>
  (await app.inject({ url: API_DOCUMENT_PATH, headers })).json<ApiDocument>();

function operationsOf(document: ApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

describe('operationIdOf', () => {
  it('names an operation by its method and path, in camelCase', () => {
    expect(operationIdOf('GET', '/api/contact-inquiries')).toBe('listContactInquiries');
    expect(operationIdOf('GET', '/api/contact-inquiries/:id')).toBe('getContactInquiry');
    expect(operationIdOf('PATCH', '/api/contact-inquiries/{id}/status')).toBe('updateContactInquiryStatus');
    expect(operationIdOf('POST', '/api/admin/webhooks')).toBe('createWebhook');
    expect(operationIdOf('DELETE', '/api/admin/webhooks/:id')).toBe('deleteWebhook');
    expect(operationIdOf('POST', '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver')).toBe(
      'postWebhookDeliveryRedeliver',
    );
  });
});

describe.each(TEST_DIALECTS)('the OpenAPI document (%s)', (dialect) => {
  let t: TestApp;
  let document: ApiDocument;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    document = await documentOf(t.app);
  });
  afterAll(() => t?.close());

  it('gives every operation a summary and a unique camelCase operationId', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(80);
    const label = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(label)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('asks for a session or a token exactly where an operation answers 401 without one', async () => {
    // A read-write administrator's token: it may call whatever is not one's own account.
    await createAdmin(t.database, { email: 'tokens@example.com', password: PASSWORD, role: 'administrator' });
    const cookie = await signIn(t.app, { email: 'tokens@example.com', password: PASSWORD });
    const { token } = await createApiToken(t.app, cookie, {
      name: 'Description',
      access: 'read-write',
      expiresInDays: 7,
    });

    const call = async (
      method: string,
      path: string,
      operation: Operation,
      headers: Record<string, string>,
    ) => {
      // A random id for each path parameter and an empty body: nothing real is touched.
      const response = await t.app.inject({
        method: method as InjectOptions['method'],
        url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
        headers,
        ...(operation.requestBody ? { payload: {} } : {}),
        payloadAsStream: true,
      });
      // The event stream never ends: only the status, and a refusal's message, are read.
      const stream = response.stream();
      if (response.statusCode !== 403) {
        stream.destroy();
        return { status: response.statusCode, message: undefined };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk));
      return { status: 403, message: JSON.parse(Buffer.concat(chunks).toString('utf8')).message as string };
    };

    const mismatches: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      const visitor = await call(method, path, operation, { origin: TEST_ORIGIN });
      let expected: Record<string, string[]>[] = [];
      if (visitor.status === 401) {
        const withToken = await call(method, path, operation, { authorization: `Bearer ${token}` });
        expected =
          withToken.status === 403 &&
          [API_TOKEN_MESSAGES.accountArea, API_TOKEN_MESSAGES.sessionOnly].some(
            (message) => message === withToken.message,
          )
            ? SESSION_ONLY
            : SIGNED_IN;
      }
      if (JSON.stringify(operation.security) !== JSON.stringify(expected))
        mismatches.push(
          `${method} ${path}: ${visitor.status} without a session, security ${JSON.stringify(operation.security)}`,
        );
    }
    expect(mismatches).toEqual([]);
    const secured = operationsOf(document).map(({ operation }) => JSON.stringify(operation.security));
    // Both kinds are there: the account's operations take the session only.
    expect(secured).toContain(JSON.stringify(SESSION_ONLY));
    expect(secured).toContain(JSON.stringify(SIGNED_IN));
  });

  it('describes the session cookie and bearer tokens, and the server from the request', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sampark_session',
    });
    expect(document.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.servers).toEqual([{ url: TEST_ORIGIN }]);
  });

  it('has one path for a blog post, read by its slug and changed by its id', () => {
    expect(Object.keys(document.paths['/api/blogs/{post}'] ?? {})).toEqual(['get', 'put', 'delete']);
    expect(Object.keys(document.paths).filter((path) => /^\/api\/blogs\/\{(id|slug)\}$/.test(path))).toEqual(
      [],
    );
  });

  it('describes routes added later from their access declarations', async () => {
    await withTestApp(dialect, {}, async (later) => {
      const schema = (summary: string) => ({
        tags: ['test'],
        summary,
        response: { 200: z.object({ ok: z.boolean() }) },
      });
      const ok = async () => ({ ok: true });
      await later.app.register(async (scope) => {
        scope.get(
          '/api/later/scripted',
          { config: { access: access.scripted('inbox') }, schema: schema('For scripts') },
          ok,
        );
        scope.get(
          '/api/later/public',
          { config: { access: access.public }, schema: schema('Open to anyone') },
          ok,
        );
        scope.get(
          '/api/later/account',
          { config: { access: access.session('account') }, schema: schema('One’s own account') },
          ok,
        );
        scope.post(
          '/api/later/sensitive',
          {
            config: { access: access.sensitive('administration'), audit: { action: 'user.create' } },
            schema: schema('Sensitive'),
          },
          ok,
        );
      });
      const paths = (await documentOf(later.app)).paths;
      expect(paths['/api/later/scripted']?.get).toMatchObject({
        security: SIGNED_IN,
        operationId: 'getLaterScripted',
        'x-access': {
          area: 'inbox',
          roles: ['administrator', 'agent'],
          tokens: ['read', 'read-write'],
          sensitive: false,
        },
      });
      expect(paths['/api/later/public']?.get).toMatchObject({
        security: [],
        'x-access': { area: 'public', roles: [], tokens: [], sensitive: false },
      });
      expect(paths['/api/later/account']?.get?.security).toEqual(SESSION_ONLY);
      expect(paths['/api/later/sensitive']?.post).toMatchObject({
        security: SESSION_ONLY,
        'x-access': { area: 'administration', roles: ['administrator'], tokens: [], sensitive: true },
        'x-audit': { action: 'user.create' },
      });
    });
  });
});

describe('the servers of the document', () => {
  it('name PUBLIC_ORIGIN when it is set, and the session cookie its __Host- name over HTTPS', async () => {
    await withTestApp('sqlite', { PUBLIC_ORIGIN: 'https://support.example.in' }, async (t) => {
      const document = await documentOf(t.app, { host: 'support.example.in' });
      expect(document.servers).toEqual([{ url: 'https://support.example.in' }]);
      expect(document.components.securitySchemes.sessionCookie?.name).toBe('__Host-sampark_session');
    });
  });
});

describe.each(TEST_DIALECTS)('the API reference at /api/docs (%s)', (dialect) => {
  let t: TestApp;
  const cookies = new Map<Role, string>();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ['administrator', 'agent', 'editor'] as const) {
      const email = `${role}@example.com`;
      await createAdmin(t.database, { email, password: PASSWORD, name: role, role });
      cookies.set(role, await signIn(t.app, { email, password: PASSWORD }));
    }
  });
  afterAll(() => t?.close());

  const get = (url: string, role?: Role) => t.app.inject(asAdmin(role && cookies.get(role), { url }));

  it('shows administrators the page, with the site’s page policy and this answer’s nonce', async () => {
    const response = await get(`${API_REFERENCE_PATH}/`, 'administrator');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // The policy every page gets, with the nonce added to script-src: nothing loosened.
    const pagePolicy = securityHeaders(t.config).page['content-security-policy'];
    expect(csp).toBe(pagePolicy?.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`));
    expect(csp).not.toContain('unsafe-eval');
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    const scripts = [...response.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.body).toContain(API_DOCUMENT_PATH);
    expect(response.headers['cache-control']).toBe('no-store');

    // Another answer, another nonce.
    const again = await get(`${API_REFERENCE_PATH}/`, 'administrator');
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('serves its script from the app, to administrators', async () => {
    const page = await get(`${API_REFERENCE_PATH}/`, 'administrator');
    const src = /<script\b[^>]*\ssrc="([^"]+)"/.exec(page.body)?.[1];
    expect(src).toBeTruthy();
    const url = new URL(src!, `${TEST_ORIGIN}${API_REFERENCE_PATH}/`).pathname;
    expect(url.startsWith(`${API_REFERENCE_PATH}/`)).toBe(true);
    const script = await get(url, 'administrator');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
    // The policy of API answers, untouched by the renderer.
    expect(script.headers['content-security-policy']).toBe(
      securityHeaders(t.config).api['content-security-policy'],
    );
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, 'agent')).statusCode).toBe(403);
  });

  it('refuses other roles (403) and visitors without a session (401)', async () => {
    for (const path of [API_REFERENCE_PATH, `${API_REFERENCE_PATH}/`]) {
      expect((await get(path, 'agent')).statusCode).toBe(403);
      expect((await get(path, 'editor')).statusCode).toBe(403);
      const visitor = await get(path);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({
        success: false,
        code: 'SESSION_REQUIRED',
        message: 'Authentication required',
      });
    }
  });

  it('answers 404 under its path where the reference has nothing', async () => {
    const response = await get(`${API_REFERENCE_PATH}/nothing-here.js`, 'administrator');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('takes an administrator from /api/docs to the page', async () => {
    const response = await get(API_REFERENCE_PATH, 'administrator');
    expect([200, 301, 302]).toContain(response.statusCode);
    if (response.statusCode !== 200) expect(response.headers.location).toBe(`${API_REFERENCE_PATH}/`);
  });
});
