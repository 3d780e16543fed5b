import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createContactChannelRepository } from './features/contact-channels/repository.ts';
import {
  createAdmin,
  loginRequest,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_ORIGIN,
  testAppForEachTest,
  withTestApp,
} from './test-support/test-app.ts';

describe.each(TEST_DIALECTS)('server basics (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);

  it('reports health and readiness with the database dialect', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      database: dialect,
      redis: 'disabled',
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No such endpoint' });
  });

  it('answers bad JSON, a wrong content type and a too-large body in the one error shape', async () => {
    const badJson = await t.app.inject(
      loginRequest('{"email":', { headers: { 'content-type': 'application/json' } }),
    );
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON',
    });

    const wrongType = await t.app.inject(loginRequest('a,b', { headers: { 'content-type': 'text/csv' } }));
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content type: send JSON',
    });

    const tooLarge = await t.app.inject(
      loginRequest(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200 * 1024) }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large',
    });
  });

  it('reports field errors for invalid input', async () => {
    const response = await t.app.inject(loginRequest({ email: 'not an email', password: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      message: 'Please check the form: Enter a valid email address',
      errors: { email: 'Enter a valid email address', password: 'Password is required' },
    });
    // Zod's compilers alone check and send: Fastify's default ones (Ajv) are never loaded (decision 071).
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((file) => file.includes('/node_modules/ajv/'))).toEqual([]);
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
        '/api/settings',
        '/api/admin/settings',
        '/api/contact-inquiries',
      ]),
    );
  });
});

describe('HTTPS deployments', () => {
  it('send HSTS and use a Secure __Host- cookie', async () => {
    await withTestApp('sqlite', { PUBLIC_ORIGIN: 'https://support.example.in' }, async (t) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      await createAdmin(t.database);
      const login = await t.app.inject(loginRequest(TEST_ADMIN, { origin: 'https://support.example.in' }));
      expect(login.statusCode).toBe(200);
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sampark_session=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('Path=/');
      // The device cookie of a browser that signed in (decision 013) is pinned the same way.
      expect(login.cookies.find((c) => c.name === '__Host-sampark_device')).toMatchObject({
        secure: true,
        httpOnly: true,
        path: '/',
      });
    });
  });
});

describe('response compression', () => {
  const t = testAppForEachTest('sqlite');
  const acceptingEncoding = (url: string, acceptEncoding: string) =>
    t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });

  it('compresses a large JSON answer with brotli or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await acceptingEncoding('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await acceptingEncoding('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // zstd and deflate are not offered: the answer falls back to what both sides have, or to none.
    const zstd = await acceptingEncoding('/api/openapi.json', 'zstd, deflate');
    expect(zstd.headers['content-encoding']).toBeUndefined();
  });

  it('sends small answers as they are', async () => {
    const response = await acceptingEncoding('/api/contacts/active', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ contacts: [] });
  });

  it('sends the public contact list compressed once it outgrows 1 KB', async () => {
    const channels = createContactChannelRepository(t.database.db);
    for (let i = 0; i < 20; i++) {
      await channels.create({
        type: 'website',
        value: `https://example.com/page-${i}`,
        isActive: true,
        proof: '',
      });
    }
    const plain = await t.app.inject({ url: '/api/contacts/active' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().contacts).toHaveLength(20);
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      const response = await acceptingEncoding('/api/contacts/active', acceptEncoding);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
    const identity = await acceptingEncoding('/api/contacts/active', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate compressed request bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact-inquiries',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'x' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
