import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createTestApp,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_ORIGIN,
  type TestApp,
} from './test-support/test-app.ts';

describe.each(TEST_DIALECTS)('server basics (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('reports health and readiness with the database dialect', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      database: dialect,
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'No such endpoint: GET /api/nothing-here' });
  });

  it('answers bad JSON, a wrong content type and a too-large body in the one error shape', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ success: false, message: 'Unsupported content type: send JSON' });

    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ success: false, message: 'The request body is too large' });
  });

  it('reports field errors for invalid input', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'not an email', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Please check the form: Enter a valid email address',
      errors: { email: 'Enter a valid email address', password: 'Password is required' },
    });
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/api/health', '/api/nothing']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // API answers are never documents: nothing may load or run in them.
      expect(csp).toContain("default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('serves an OpenAPI description listing the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/contacts/active',
        '/api/contacts',
        '/api/contacts/{id}',
        '/api/admin/login',
        '/api/health',
      ]),
    );
  });
});

describe('HTTPS deployments', () => {
  it('send HSTS and use a Secure __Host- cookie', async () => {
    const t = await createTestApp('sqlite', { PUBLIC_ORIGIN: 'https://support.example.in' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      await createAdmin(t.database);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'https://support.example.in' },
        payload: TEST_ADMIN,
      });
      expect(login.statusCode).toBe(200);
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sampark_session=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('Path=/');
    } finally {
      await t.close();
    }
  });
});
