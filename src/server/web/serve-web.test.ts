import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContactChannelRepository } from '../features/contact-channels/repository.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { NOT_BUILT_MESSAGE } from './serve-web.ts';

const WEB_DIST_DIR = path.resolve('dist/web');
const built = fs.existsSync(path.join(WEB_DIST_DIR, 'client/index.html'));

function scriptNonceOf(csp: string | undefined): string | undefined {
  return csp?.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
}

/** Every inline <script> (no src) of a page, with its nonce attribute. */
function inlineScripts(html: string): { nonce: string | undefined }[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !/\ssrc=/.test(attributes))
    .map((attributes) => ({ nonce: attributes.match(/\snonce="([^"]*)"/)?.[1] }));
}

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

describe.skipIf(!built)('server-rendered web app (needs npm run build:web)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite', { WEB_DIST_DIR, PUBLIC_ORIGIN: 'https://sampark.example' });
  });
  afterEach(() => t.close());

  it('renders /contact with the active channels, its head and nonce-carrying hydration data', async () => {
    const channels = createContactChannelRepository(t.database.db);
    await channels.create({ type: 'whatsapp', value: '+91 98765 43210', isActive: true, proof: '' });
    await channels.create({ type: 'email', value: 'hidden@example.com', isActive: false, proof: '' });

    const response = await t.app.inject({ url: '/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('+91 98765 43210');
    expect(html).toContain('href="https://wa.me/919876543210" target="_blank" rel="noopener noreferrer"');
    expect(html).not.toContain('hidden@example.com');
    expect(html).toContain('<title>Contact us | Sampark</title>');
    expect(html).toContain('<link rel="canonical" href="https://sampark.example/contact" />');
    expect(html).toContain('<meta property="og:url" content="https://sampark.example/contact" />');

    const nonce = scriptNonceOf(response.headers['content-security-policy'] as string | undefined);
    expect(nonce).toBeTruthy();
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.nonce).toBe(nonce);
    expect(html).toContain('window.__staticRouterHydrationData');
  });

  it('shows the empty state when no channel is published', async () => {
    await createContactChannelRepository(t.database.db).create({
      type: 'phone',
      value: '+91 98765 43210',
      isActive: false,
      proof: '',
    });
    const html = (await t.app.inject({ url: '/contact' })).body;
    expect(html).toContain('No contact channels are published yet.');
    expect(html).not.toContain('<article');
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
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toMatch(/contact_channels|no such table/i);
  });

  it('keeps a path that looks like another host on this site', async () => {
    const response = await t.app.inject({ url: '//evil.example/contact' });
    expect(response.statusCode).toBe(404);
    // No URL in the page points there (the hydration data may quote the path, JSON-escaped).
    expect(response.body).not.toMatch(/(href|content|src)="[^"]*evil\.example/);
  });

  it('serves the admin shell, uncached, for admin paths', async () => {
    for (const url of ['/admin', '/admin/contact', '/admin/login', '/ContactAdmin', '/UserManagement']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('__staticRouterHydrationData');
    }
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'No such endpoint: GET /api/nope' });
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
