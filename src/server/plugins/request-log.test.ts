import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { createWebBuildFixture, type WebBuildFixture } from '../test-support/web-build-fixture.ts';
import { access } from './access.ts';
import { LOGGED_PATH_MAX_CHARS, loggedPath } from './request-log.ts';

type LogLine = Record<string, unknown> & { level: number; msg?: string };

/** For the calling suite: an app logging at `level` into an array, with a web build to serve. */
function loggingAppForSuite(level: 'info' | 'debug') {
  const lines: LogLine[] = [];
  const texts: string[] = [];
  let web: WebBuildFixture;
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n')) {
          if (!line) continue;
          texts.push(line);
          lines.push(JSON.parse(line) as LogLine);
        }
        callback();
      },
    });
    web = createWebBuildFixture();
    t = await createTestApp('sqlite', { WEB_DIST_DIR: web.dir }, { logger: { level, stream } });
    t.app.get('/api/test-failure', { config: { access: access.public } }, async () => {
      throw new Error('the disk is on fire');
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });
  return {
    get web() {
      return web;
    },
    /** Sends one request and returns the lines it logged, parsed and as written. */
    async request(url: string, method: 'GET' | 'HEAD' = 'GET') {
      const before = lines.length;
      const response = await t.app.inject({ method, url, headers: { host: 'localhost' } });
      return { status: response.statusCode, lines: lines.slice(before), texts: texts.slice(before) };
    },
  };
}

/** The one line of a request: pino's own fields, the request id, and what a reader looks for. */
const requestLine = (method: string, path: string, status: number) => ({
  level: 30,
  time: expect.any(Number),
  pid: process.pid,
  hostname: expect.any(String),
  reqId: expect.stringMatching(/\S/),
  method,
  path,
  status,
  durationMs: expect.any(Number),
});

describe('the request log at info', () => {
  const app = loggingAppForSuite('info');

  it('writes one line for an API request and one for a page, with method, path, status, duration and id', async () => {
    const api = await app.request('/api/contacts/active');
    expect(api.status).toBe(200);
    expect(api.lines).toEqual([requestLine('GET', '/api/contacts/active', 200)]);
    const page = await app.request('/contact');
    expect(page.status).toBe(200);
    expect(page.lines).toEqual([requestLine('GET', '/contact', 200)]);
    expect(page.lines[0]!.reqId).not.toBe(api.lines[0]!.reqId);
    const missing = await app.request('/missing-page');
    expect(missing.lines).toEqual([requestLine('GET', '/missing-page', 404)]);
  });

  it('leaves out the query string, which may carry personal data', async () => {
    const search = await app.request('/api/contact-inquiries?q=Asha%20Verma%209876543210&page=2');
    expect(search.lines).toEqual([requestLine('GET', '/api/contact-inquiries', 401)]);
    expect(JSON.stringify(search.lines)).not.toMatch(/Asha|9876543210|page=/);
  });

  it('writes nothing at info for static files and health checks', async () => {
    for (const url of [app.web.paths.script, app.web.paths.rootFile, '/api/health', '/api/ready']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(response.lines, url).toEqual([]);
    }
    expect((await app.request(app.web.paths.script, 'HEAD')).lines).toEqual([]);
  });

  it('still logs a server error with its cause, beside the request line', async () => {
    const failure = await app.request('/api/test-failure');
    expect(failure.status).toBe(500);
    expect(failure.lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        err: expect.objectContaining({ message: 'the disk is on fire' }),
      }),
      requestLine('GET', '/api/test-failure', 500),
    ]);
    expect(failure.lines[0]!.reqId).toBe(failure.lines[1]!.reqId);
  });

  it("writes the line pino would write for the request's logger, byte for byte", async () => {
    // The request line is written without pino's child logger (decision 065): the same text all the same.
    for (const url of ['/api/contacts/active', '/missing-"quoted"\\path', `/api/${'é'.repeat(300)}`]) {
      const { texts, lines } = await app.request(url);
      expect(texts).toHaveLength(1);
      const { time, reqId, level, pid, hostname, ...fields } = lines[0]!;
      let written = '';
      const stream = { write: (text: string) => (written += text) };
      pino({ timestamp: () => `,"time":${time}` }, stream)
        .child({ reqId })
        .info(fields);
      expect(`${texts[0]}\n`).toBe(written);
    }
  });

  it('keeps a line short whatever the path', async () => {
    const long = await app.request(`/api/${'a'.repeat(5000)}`);
    expect(long.lines).toHaveLength(1);
    expect(long.lines[0]!.path).toBe(`/api/${'a'.repeat(LOGGED_PATH_MAX_CHARS - 5)}…`);
  });
});

describe('the request log at debug', () => {
  const app = loggingAppForSuite('debug');

  it('writes one line at debug for static files and health checks', async () => {
    for (const url of [app.web.paths.script, app.web.paths.rootFile, '/api/health', '/api/ready']) {
      const response = await app.request(url);
      expect(response.lines, url).toEqual([{ ...requestLine('GET', url, 200), level: 20 }]);
    }
    expect((await app.request('/api/contacts/active')).lines).toEqual([
      requestLine('GET', '/api/contacts/active', 200),
    ]);
  });
});

describe('the logged path', () => {
  it('is the path without query string or fragment, cut short past the limit', () => {
    expect(loggedPath('/blog/a-post?utm_source=x')).toBe('/blog/a-post');
    expect(loggedPath('/a#b')).toBe('/a');
    expect(loggedPath('/')).toBe('/');
    expect(loggedPath(`/${'x'.repeat(LOGGED_PATH_MAX_CHARS)}`)).toHaveLength(LOGGED_PATH_MAX_CHARS + 1);
  });
});
