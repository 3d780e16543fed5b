import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import {
  createAdmin,
  openTestDatabase,
  signIn,
  TEST_DIALECTS,
  withTestApp,
} from '../test-support/test-app.ts';

const PUBLIC_PATHS = [
  '/sitemap.xml',
  '/robots.txt',
  '/blog/rss.xml',
  '/api/health',
  '/api/contacts/active',
  '/',
];

function expectUnknownHost(response: LightMyRequestResponse, host: string) {
  expect(response.statusCode, host).toBe(400);
  expect(response.json()).toEqual({
    success: false,
    code: 'BAD_REQUEST',
    message: expect.stringMatching(/\S/),
  });
  expect(response.body).not.toContain(host.toLowerCase());
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

const sitemapOrigin = (body: string) => /<loc>([^<]*?)\/<\/loc>/.exec(body)?.[1];

describe.each(TEST_DIALECTS)('hosts served without PUBLIC_ORIGIN (%s)', (dialect) => {
  it('refuses a Host that is neither a loopback name nor in ALLOWED_HOSTS, before routing', async () => {
    await withTestApp(dialect, {}, async (t) => {
      for (const host of [
        'evil.example',
        'evil.example:80',
        'localhost.evil.example',
        '127.0.0.2',
        'EVIL.example',
      ]) {
        for (const url of PUBLIC_PATHS)
          expectUnknownHost(await t.app.inject({ url, headers: { host } }), host);
        expectUnknownHost(await t.app.inject({ url: '/api/no-such-thing', headers: { host } }), host);
      }
    });
  });

  it('refuses a sign-in whose Origin matches a foreign Host, so the CSRF check cannot be talked round', async () => {
    await withTestApp(dialect, {}, async (t) => {
      await createAdmin(t.database);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { host: 'evil.example', origin: 'http://evil.example' },
        payload: { email: 'owner@example.com', password: 'correct horse battery' },
      });
      expectUnknownHost(response, 'evil.example');
      expect(response.headers['set-cookie']).toBeUndefined();
      // The same sign-in through a loopback name works.
      expect(await signIn(t.app)).toMatch(/sampark_session=/);
    });
  });
});

describe('hosts served without PUBLIC_ORIGIN', () => {
  it('serves loopback names on any port, with their own origin', async () => {
    await withTestApp('sqlite', {}, async (t) => {
      for (const [host, origin] of [
        ['localhost', 'http://localhost'],
        ['localhost:3000', 'http://localhost:3000'],
        ['LocalHost:3000', 'http://localhost:3000'],
        ['127.0.0.1:3400', 'http://127.0.0.1:3400'],
        ['[::1]:8080', 'http://[::1]:8080'],
        ['app.localhost:3000', 'http://app.localhost:3000'],
      ]) {
        const response = await t.app.inject({ url: '/sitemap.xml', headers: { host } });
        expect(response.statusCode, host).toBe(200);
        expect(sitemapOrigin(response.body), host).toBe(origin);
      }
    });
  });

  it('serves the hosts in ALLOWED_HOSTS: a name on any port, host:port on that port, .domain with its subdomains', async () => {
    await withTestApp(
      'sqlite',
      { ALLOWED_HOSTS: 'shop.example:8080, Support.Example.in , .sampark.example, *.wild.example' },
      async (t) => {
        const served = [
          'shop.example:8080',
          'support.example.in',
          'support.example.in:3000',
          'sampark.example',
          'www.sampark.example:3000',
          'a.b.wild.example',
        ];
        for (const host of served) {
          const response = await t.app.inject({ url: '/sitemap.xml', headers: { host } });
          expect(response.statusCode, host).toBe(200);
          expect(sitemapOrigin(response.body), host).toBe(`http://${host}`);
        }
        for (const host of [
          'shop.example',
          'shop.example:9090',
          'evilsampark.example',
          'sampark.example.evil',
          'wild.example',
          'localhost.evil',
        ]) {
          expectUnknownHost(await t.app.inject({ url: '/sitemap.xml', headers: { host } }), host);
        }
      },
    );
  });

  it('checks the forwarded host when a proxy is trusted, and ignores it otherwise', async () => {
    await withTestApp('sqlite', { TRUST_PROXY: 'true' }, async (t) => {
      const forwarded = await t.app.inject({
        url: '/sitemap.xml',
        headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
      });
      expectUnknownHost(forwarded, 'evil.example');
    });
    await withTestApp('sqlite', {}, async (t) => {
      const ignored = await t.app.inject({
        url: '/sitemap.xml',
        headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
      });
      expect(ignored.statusCode).toBe(200);
      expect(sitemapOrigin(ignored.body)).toBe('http://localhost:3000');
    });
  });
});

describe('hosts with PUBLIC_ORIGIN', () => {
  it('serves any Host, and nothing depends on it', async () => {
    await withTestApp('sqlite', { PUBLIC_ORIGIN: 'https://support.example.in' }, async (t) => {
      const response = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'internal-name:3000' } });
      expect(response.statusCode).toBe(200);
      expect(sitemapOrigin(response.body)).toBe('https://support.example.in');
    });
  });

  it('checks the Host when ALLOWED_HOSTS is set too: its hosts, the public one and loopback names', async () => {
    await withTestApp(
      'sqlite',
      { PUBLIC_ORIGIN: 'https://support.example.in', ALLOWED_HOSTS: 'app.internal' },
      async (t) => {
        for (const host of ['support.example.in', 'app.internal:3000', 'localhost:3000']) {
          const response = await t.app.inject({ url: '/sitemap.xml', headers: { host } });
          expect(response.statusCode, host).toBe(200);
          expect(sitemapOrigin(response.body)).toBe('https://support.example.in');
        }
        expectUnknownHost(
          await t.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } }),
          'evil.example',
        );
      },
    );
  });
});

describe('the warning at start', () => {
  async function startupLog(env: Record<string, string>): Promise<string> {
    const { database, dispose } = await openTestDatabase('sqlite');
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        output += chunk;
        callback();
      },
    });
    const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'info', ...env });
    const app = await buildApp(config, { database, logger: { level: 'info', stream } });
    await app.close();
    await dispose();
    return output;
  }

  const warnings = (log: string) =>
    log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);

  it('names PUBLIC_ORIGIN and ALLOWED_HOSTS in production without PUBLIC_ORIGIN, once', async () => {
    const found = warnings(await startupLog({ NODE_ENV: 'production' }));
    expect(found).toHaveLength(1);
    expect(found[0]?.msg).toMatch(/PUBLIC_ORIGIN/);
    expect(found[0]?.msg).toMatch(/ALLOWED_HOSTS/);
  });

  it('is not given with PUBLIC_ORIGIN, or outside production', async () => {
    expect(
      warnings(await startupLog({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://support.example.in' })),
    ).toEqual([]);
    expect(warnings(await startupLog({ NODE_ENV: 'development' }))).toEqual([]);
  });
});
