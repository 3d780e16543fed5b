import type { AddressInfo } from 'node:net';
import net from 'node:net';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { codeOfStatus } from '../lib/http-errors.ts';
import { createTestApp, signInNewAdmin, TEST_DIALECTS, type TestApp } from '../test-support/test-app.ts';
import { earlyErrorOptions, repairPercentEncoding } from './early-errors.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (inject skips Node's HTTP parser, where some of these fail) and reads the answer. */
function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no complete answer: ${JSON.stringify(text)}`));
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;

/** The security headers and the app's error shape, without any of what was sent. */
function expectAppError(response: RawResponse, status: number, sent: string[]) {
  expect(response.status).toBe(status);
  const csp = response.headers['content-security-policy'] ?? '';
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body);
  expect(body).toEqual({
    success: false,
    code: body.errors === undefined ? codeOfStatus(status) : 'VALIDATION',
    message: expect.stringMatching(/\S/),
    ...(body.errors === undefined ? {} : { errors: expect.any(Object) }),
  });
  for (const input of sent) expect(response.body).not.toContain(input);
  return body.message as string;
}

const LONG_ID = 'a'.repeat(9000);

describe.each(TEST_DIALECTS)('errors before routing, on a listening server (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterEach(() => t.close());

  it('answers a URL that cannot be decoded with a 400 in the app shape', async () => {
    const response = await rawRequest(port, get('/%E0%A4%A'));
    expectAppError(response, 400, ['%E0%A4%A', 'E0']);
  });

  it('answers an admin path with an undecodable or 9,000-character id with 401 when not signed in', async () => {
    for (const request of [
      get('/api/contact-inquiries/%E0%A4%A'),
      `DELETE /api/contacts/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nConnection: close\r\n\r\n`,
      get(`/api/contact-inquiries/${LONG_ID}`),
      `PATCH /api/contact-inquiries/${LONG_ID}/status HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nConnection: close\r\n\r\n`,
    ]) {
      const response = await rawRequest(port, request);
      expect(expectAppError(response, 401, ['%E0%A4%A', 'aaaaaaaa']), request.slice(0, 40)).toBe(
        'Authentication required',
      );
    }
  });

  it('answers a signed-in admin with a 400 for an undecodable id and the route’s answer for a long one', async () => {
    const cookie = await signInNewAdmin(t);
    const undecodable = await rawRequest(
      port,
      get('/api/contact-inquiries/%E0%A4%A', `Cookie: ${cookie}\r\n`),
    );
    expectAppError(undecodable, 400, ['%E0%A4%A']);
    const long = await rawRequest(port, get(`/api/contact-inquiries/${LONG_ID}`, `Cookie: ${cookie}\r\n`));
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    expectAppError(long, long.status, ['aaaaaaaa']);
  });

  it('answers headers over 16 KB with a 431 in the app shape', async () => {
    const response = await rawRequest(port, get('/api/health', `X-Padding: ${'b'.repeat(17 * 1024)}\r\n`));
    expectAppError(response, 431, ['bbbbbbbb']);
  });

  it('answers a request line that cannot be parsed with a 400 in the app shape', async () => {
    for (const request of ['GARBAGE /<script> NOT-HTTP\r\n\r\n', 'GET /\u0001<script> HTTP/1.1\r\n\r\n']) {
      const response = await rawRequest(port, request);
      expectAppError(response, 400, ['<script>', 'GARBAGE']);
    }
  });

  it('answers an HTTP/1.1 request without a Host header with a 400 in the app shape', async () => {
    const response = await rawRequest(
      port,
      'GET /api/health?x=%3Cscript%3E HTTP/1.1\r\nConnection: close\r\n\r\n',
    );
    expectAppError(response, 400, ['script', '%3C']);
  });

  it('answers an unknown path without repeating it', async () => {
    const response = await rawRequest(port, get('/api/nope%3Cscript%3E?q=%3Cb%3E'));
    const message = expectAppError(response, 404, ['nope', 'script', '%3C', '<b>']);
    expect(message).toBe('No such endpoint');
  });
});

describe('repairing percent-escapes', () => {
  it('leaves a URL that decodes alone', () => {
    for (const url of ['/', '/blog/%E0%A4%B8', '/a%20b?q=%E0%A4%A', '/100%25']) {
      expect(repairPercentEncoding(url)).toBeNull();
    }
  });

  it('takes broken escapes literally and keeps the query string', () => {
    expect(repairPercentEncoding('/%E0%A4%A')).toBe('/%25E0%25A4%25A');
    expect(repairPercentEncoding('/api/x/50%?q=%ZZ')).toBe('/api/x/50%25?q=%ZZ');
    expect(repairPercentEncoding('/ok%20/%C3')).toBe('/ok%20/%25C3');
  });

  it('always gives a path that decodes, with no separator the original did not have', () => {
    const pathPart = fc.stringMatching(/^(?:[a-z/%0-9A-F]|%[0-9A-Fa-f]{2}|%[C-F][0-9A-F])*$/);
    fc.assert(
      fc.property(pathPart, (tail) => {
        const url = `/${tail}`;
        const repaired = repairPercentEncoding(url) ?? url;
        expect(() => decodeURIComponent(repaired)).not.toThrow();
        expect(repaired.split('/').length).toBe(url.split('/').length);
        // The repair only turns some `%` into `%25`. Compared with every `%25` read back as `%` on both
        // sides, as the original may hold a valid `%25` of its own (`/%25` stays `/%25`).
        expect(repaired.replaceAll('%25', '%')).toBe(url.replaceAll('%25', '%'));
      }),
    );
  });
});

describe('errors the router raises', () => {
  it('are answered in the app shape with the security headers, without the URL', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    // Without the URL repair and with a short parameter limit, the router's own errors happen.
    const { rewriteUrl: _, ...options } = earlyErrorOptions(config);
    const app = Fastify({ ...options, routerOptions: { maxParamLength: 10 } });
    app.get('/api/things/:id', async () => ({ ok: true }));
    try {
      for (const [url, status] of [
        ['/api/things/%E0%A4%A', 400],
        [`/api/things/${'a'.repeat(20)}`, 414],
      ] as const) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({
          success: false,
          code: status === 400 ? 'BAD_REQUEST' : 'URI_TOO_LONG',
          message: expect.stringMatching(/\S/),
        });
        expect(response.body).not.toMatch(/%E0|aaaa|things/);
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    } finally {
      await app.close();
    }
  });
});
