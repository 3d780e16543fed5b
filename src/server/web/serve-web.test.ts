import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContactChannelRepository } from '../features/contact-channels/repository.ts';
import { PUBLIC_CONTENT_MAX_AGE_MS } from '../lib/public-content.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { createAdmin, createTestApp, TEST_ADMIN, type TestApp } from '../test-support/test-app.ts';
import { NOT_BUILT_MESSAGE } from './web-build.ts';

/** The type attribute of every inline <script> (no src) of a page ('' when it has none). */
function inlineScriptTypes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !/\ssrc=/.test(attributes))
    .map((attributes) => attributes.match(/\stype="([^"]*)"/)?.[1] ?? '');
}

/** Data blocks: never executed by the browser, so the CSP's script rules do not apply to them. */
const DATA_BLOCK_TYPES = ['application/json', 'application/ld+json'];

describe('web app without a build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { WEB_DIST_DIR: '/nonexistent' });
  });
  afterAll(() => t.close());

  it('says so at / and leaves other paths to the JSON 404', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(503);
    expect(home.body).toBe(NOT_BUILT_MESSAGE);
    expect((await t.app.inject({ url: '/contact' })).statusCode).toBe(404);
  });
});

describe.skipIf(!built)('server-rendered pages without PUBLIC_ORIGIN (needs npm run build:web)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite', { WEB_DIST_DIR });
  });
  afterEach(() => t.close());

  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

  it('never renders or caches a page for a Host not served, and keeps each served origin its own', async () => {
    const evil = await t.app.inject({ url: '/contact', headers: { host: 'evil.example' } });
    expect(evil.statusCode).toBe(400);
    expect(evil.body).not.toContain('evil.example');
    for (let round = 0; round < 2; round++) {
      for (const host of ['localhost:3000', '127.0.0.1:3000']) {
        const page = await t.app.inject({ url: '/contact', headers: { host } });
        expect(page.statusCode).toBe(200);
        expect(canonicalOf(page.body)).toBe(`http://${host}/contact`);
        expect(page.body).not.toContain('evil.example');
      }
    }
  });
});

describe.skipIf(!built)('server-rendered web app (needs npm run build:web)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite', { WEB_DIST_DIR, PUBLIC_ORIGIN: 'https://sampark.example' });
  });
  afterEach(() => t.close());

  it('renders /contact with the active channels and its head, and runs nothing inline', async () => {
    const channels = createContactChannelRepository(t.database.db);
    await channels.create({ type: 'whatsapp', value: '+91 98765 43210', isActive: true, proof: '' });
    await channels.create({ type: 'email', value: 'hidden@example.com', isActive: false, proof: '' });

    const response = await t.app.inject({ url: '/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('+91 98765 43210');
    // The card's counted link (decisions 035 and 076), which sends the visitor on to WhatsApp (the main
    // channel, with nobody on duty) with a message that says where they found the number.
    const link = /href="(\/go\/[^"]+)" rel="nofollow noopener noreferrer" target="_blank"/.exec(html)?.[1];
    expect(link).toBeDefined();
    const location = new URL(
      String(
        (await t.app.inject({ url: link!.replaceAll('&amp;', '&').replaceAll('&#x27;', "'") })).headers
          .location,
      ),
    );
    expect(`${location.origin}${location.pathname}`).toBe('https://wa.me/919876543210');
    expect(location.searchParams.get('text')).toBe(
      "Hello! I found your number on your website's contact page.",
    );
    expect(html).not.toContain('hidden@example.com');
    expect(html).toContain('<title>Contact us | Sampark</title>');
    expect(html).toContain('<link rel="canonical" href="https://sampark.example/contact" />');
    expect(html).toContain('<meta property="og:url" content="https://sampark.example/contact" />');

    // Nothing inline is executed: what the page's script reads is in JSON data blocks, which the browser
    // never runs. A page of islands carries no router state (decision 062).
    expect(inlineScriptTypes(html)).toContain('application/json');
    for (const type of inlineScriptTypes(html)) expect(DATA_BLOCK_TYPES).toContain(type);
    expect(html).not.toContain('id="router-data"');
    expect(html).not.toContain('nonce=');
  });

  it('shows no channel when none is published', async () => {
    await createContactChannelRepository(t.database.db).create({
      type: 'phone',
      value: '+44 20 7946 0958',
      isActive: false,
      proof: '',
    });
    const response = await t.app.inject({ url: '/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('+44 20 7946 0958');
    expect(response.body).not.toContain('tel:+442079460958');
  });

  it('answers an unknown page with a real 404 page', async () => {
    const response = await t.app.inject({ url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Page not found');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toContain('rel="canonical"');
  });

  it('shows an error page without internals when a loader fails', async () => {
    await sql`drop table contact_channels`.execute(t.database.db);
    const response = await t.app.inject({ url: '/contact' });
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Something went wrong');
    // Trying again is a link to the same page, which needs no script.
    expect(response.body).toMatch(/<a href="\/contact" class="[^"]*">Try again<\/a>/);
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toMatch(/contact_channels|no such table/i);
  });

  it('keeps a path that looks like another host on this site', async () => {
    for (const url of ['//evil.example/contact', '/hi//evil.example/contact']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      // No URL in the page points there: the language switch of a missing page leads to the other language's
      // home page.
      expect(response.body, url).not.toMatch(/(href|content|src)="[^"]*evil\.example/);
    }
  });

  it('serves the admin shell, uncached, for admin paths', async () => {
    for (const url of ['/admin', '/admin/contact', '/admin/login', '/ContactAdmin', '/UserManagement']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('id="router-data"');
    }
  });

  it('sends /login, in either language, to the admin login', async () => {
    for (const url of ['/login', '/hi/login']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/admin/login');
    }
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No such endpoint' });
  });

  it('shows a channel added through the API on the next load of /contact', async () => {
    await createAdmin(t.database);
    const origin = { origin: 'https://sampark.example' };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: origin,
      payload: TEST_ADMIN,
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await t.app.inject({ url: '/contact' })).body).not.toContain('+91 91234 56789');

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { ...origin, cookie },
      payload: { type: 'phone', value: '+91 91234 56789' },
    });
    expect(added.statusCode).toBe(201);
    expect((await t.app.inject({ url: '/contact' })).body).toContain('+91 91234 56789');
  });

  it("reuses a rendered page for up to a second, then shows another instance's change", async () => {
    expect((await t.app.inject({ url: '/contact' })).statusCode).toBe(200);
    // Another app server on the same database adds a channel: this one does not hear of it.
    await createContactChannelRepository(t.database.db).create({
      type: 'email',
      value: 'new@example.com',
      isActive: true,
      proof: '',
    });
    expect((await t.app.inject({ url: '/contact' })).body).not.toContain('new@example.com');
    // A query string is never answered from the cache.
    expect((await t.app.inject({ url: '/contact?from=ad' })).body).toContain('new@example.com');
    t.clock.advance(PUBLIC_CONTENT_MAX_AGE_MS);
    expect((await t.app.inject({ url: '/contact' })).body).toContain('new@example.com');
  });

  it('sends every load of a page the same bytes, and its CSP lets no inline script run', async () => {
    const first = await t.app.inject({ url: '/' });
    const second = await t.app.inject({ url: '/' });
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(200);
      // The page's inline scripts are all data blocks, which the browser never runs: no nonce is needed,
      // and without one the policy allows the site's own script files alone.
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
      const types = inlineScriptTypes(response.body);
      expect(types.length).toBeGreaterThan(0);
      for (const type of types) expect(DATA_BLOCK_TYPES).toContain(type);
    }
    expect(second.body).toBe(first.body);
  });

  it('compresses pages with brotli or gzip, as the browser accepts', async () => {
    const plain = await t.app.inject({ url: '/contact' });
    const br = await t.app.inject({
      url: '/contact',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toBe(plain.body);
    const gzip = await t.app.inject({ url: '/contact', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>Contact us | Sampark</title>');
  });

  it('serves hashed assets compressed at build time, with long-lived cache headers', async () => {
    const assetsDir = path.join(WEB_DIST_DIR, 'client/assets');
    const asset = fs
      .readdirSync(assetsDir)
      .find((name) => name.endsWith('.js') && fs.existsSync(path.join(assetsDir, `${name}.br`)));
    expect(
      asset,
      'a .js asset with a .br copy (npm run build:web runs scripts/compress-assets.ts)',
    ).toBeDefined();
    const raw = fs.readFileSync(path.join(assetsDir, asset!));
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        url: `/assets/${asset}`,
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(Buffer.compare(decode(response.rawPayload), raw)).toBe(0);
    }
  });

  it('serves the files Vite copies from public/, in folders too, but never its build records', async () => {
    const picture = await t.app.inject({ url: '/demo/blog/reach-us-on-whatsapp.jpg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cache-control']).toBe('public, max-age=3600');
    const manifest = await t.app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('"isEntry"');
  });

  it('serves hashed assets with long-lived cache headers', async () => {
    const asset = fs
      .readdirSync(path.join(WEB_DIST_DIR, 'client/assets'))
      .find((name) => name.endsWith('.js'));
    const response = await t.app.inject({ url: `/assets/${asset}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe.skipIf(!built)('a web build that ships its own robots.txt', () => {
  it('leaves robots.txt and sitemap.xml to the server', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-web-'));
    fs.cpSync(WEB_DIST_DIR, copy, { recursive: true });
    fs.writeFileSync(path.join(copy, 'client/robots.txt'), 'User-agent: *\nDisallow: /\n');
    const t = await createTestApp('sqlite', { WEB_DIST_DIR: copy });
    try {
      const robots = await t.app.inject({ url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain('Disallow: /api/');
      expect(robots.body).not.toContain('Disallow: /\n');
      expect((await t.app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    } finally {
      await t.close();
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
