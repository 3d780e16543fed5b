import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import { signInNewAdmin, TEST_DIALECTS, testAppForEachTest, withTestApp } from '../test-support/test-app.ts';
import { sitemapXml } from './seo-routes.ts';

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

describe.each(TEST_DIALECTS)('robots.txt and sitemap.xml (%s)', (dialect) => {
  const t = testAppForEachTest(dialect, { PUBLIC_ORIGIN: 'https://support.example.in' });

  it('robots.txt keeps crawlers out of the back office and the API and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Sitemap: https://support.example.in/sitemap.xml');
    expect(lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10))).not.toContain(
      '/',
    );
  });

  it('sitemap.xml lists the public pages and the game once, at its branded address, following the brand setting', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    // Every page in English and in Hindi (under /hi).
    expect(locations(response.body)).toEqual([
      'https://support.example.in/',
      'https://support.example.in/hi',
      'https://support.example.in/contact',
      'https://support.example.in/hi/contact',
      'https://support.example.in/terms',
      'https://support.example.in/hi/terms',
      'https://support.example.in/privacy',
      'https://support.example.in/hi/privacy',
      'https://support.example.in/delete-account',
      'https://support.example.in/hi/delete-account',
      // The game's canonical address (its page's canonical link names it too); /tictactoe is not listed.
      'https://support.example.in/SamparkGame',
      'https://support.example.in/hi/SamparkGame',
      // Each language's blog list; their published posts follow (see features/blog/feed.test.ts and
      // post-languages.test.ts).
      'https://support.example.in/blog',
      'https://support.example.in/hi/blog',
    ]);
    // Each version names both, and English as the default.
    const contact = response.body
      .split('\n')
      .find((line) => line.includes('<loc>https://support.example.in/hi/contact<'));
    expect(contact).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="https://support.example.in/contact"/>',
    );
    expect(contact).toContain(
      '<xhtml:link rel="alternate" hreflang="hi" href="https://support.example.in/hi/contact"/>',
    );
    expect(contact).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://support.example.in/contact"/>',
    );

    const origin = { origin: 'https://support.example.in' };
    const cookie = await signInNewAdmin(t, origin.origin);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...origin, cookie },
      payload: { ...DEFAULT_SITE_SETTINGS, brandName: 'Apna Help!' },
    });
    expect(saved.statusCode).toBe(200);
    const renamed = locations((await t.app.inject({ url: '/sitemap.xml' })).body);
    expect(renamed.filter((location) => /game|tictactoe/i.test(location))).toEqual([
      'https://support.example.in/ApnaHelpGame',
      'https://support.example.in/hi/ApnaHelpGame',
    ]);
  });
});

describe('sitemap without PUBLIC_ORIGIN', () => {
  it("uses the request's own origin when its host is allowed, and refuses any other Host", async () => {
    await withTestApp('sqlite', { ALLOWED_HOSTS: 'shop.example:8080' }, async (t) => {
      const own = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'shop.example:8080' } });
      expect(locations(own.body)[0]).toBe('http://shop.example:8080/');
      const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'shop.example:8080' } });
      expect(robots.body).toContain('Sitemap: http://shop.example:8080/sitemap.xml');
      for (const host of ['evil"><x', 'evil.example']) {
        const refused = await t.app.inject({ url: '/sitemap.xml', headers: { host } });
        expect(refused.statusCode).toBe(400);
        expect(refused.body).not.toContain('evil');
      }
    });
  });
});

describe('sitemapXml', () => {
  it('escapes, lists each path once and gives last-modified times when known', () => {
    const xml = sitemapXml('https://a.example', [
      { path: '/' },
      { path: '/blog/a&b', lastModified: '2025-01-02T03:04:05.000Z' },
      { path: '/' },
    ]);
    expect(locations(xml)).toEqual(['https://a.example/', 'https://a.example/blog/a&amp;b']);
    expect(xml).toContain('<lastmod>2025-01-02T03:04:05.000Z</lastmod>');
  });
});
