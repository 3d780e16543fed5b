import { describe, expect, it } from 'vitest';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { testAppForEachTest } from '../test-support/test-app.ts';
import { SPECULATION_RULES_PATH } from './speculation-rules.ts';

/** Node's URLPattern, the API Chromium matches `href_matches` with (not yet in @types/node). */
const { URLPattern } = globalThis as unknown as {
  URLPattern: new (pattern: string, base: string) => { test(url: URL): boolean };
};

/** Whether the browser would prefetch `path` by the rules' URL patterns (as Chromium reads them). */
function prefetched(rules: { prefetch: { where: unknown }[] }, path: string): boolean {
  const url = new URL(path, 'https://shop.example');
  const matches = (condition: unknown): boolean => {
    const {
      and,
      not,
      href_matches: patterns,
    } = condition as {
      and?: unknown[];
      not?: unknown;
      href_matches?: string | string[];
    };
    if (and) return and.every(matches);
    if (not) return !matches(not);
    return [patterns ?? []]
      .flat()
      .some((pattern) => new URLPattern(pattern, 'https://shop.example').test(url));
  };
  return rules.prefetch.some((rule) => matches(rule.where));
}

describe.skipIf(!built)('speculation rules (needs npm run build:web)', () => {
  const t = testAppForEachTest('sqlite', { WEB_DIST_DIR });

  it('ask the browser to prefetch the links of a page of islands, also when it comes from the cache', async () => {
    for (const url of [
      '/terms',
      '/terms',
      '/',
      '/hi/privacy',
      '/contact',
      '/contact/message',
      '/hi/contact/message',
      '/delete-account',
      '/tictactoe',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['speculation-rules'], url).toBe(`"${SPECULATION_RULES_PATH}"`);
    }
    // The not-found page too: its links are page loads.
    const missing = await t.app.inject({ url: '/no/such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['speculation-rules']).toBe(`"${SPECULATION_RULES_PATH}"`);
  });

  it('prefetch pages, never a counted link, a blog post, the API or the back office', async () => {
    const response = await t.app.inject({ url: SPECULATION_RULES_PATH });
    expect(response.statusCode).toBe(200);
    // The one type Chromium reads rules from.
    expect(response.headers['content-type']).toMatch(/^application\/speculationrules\+json\b/);
    const rules = response.json();
    for (const page of [
      '/',
      '/contact',
      '/privacy',
      '/hi/terms',
      '/blog',
      '/delete-account',
      '/SamparkGame',
    ]) {
      expect(prefetched(rules, page), page).toBe(true);
    }
    for (const path of [
      '/go/0192a1c2-0000-7000-8000-000000000001',
      '/blog/a-post',
      '/hi/blog/a-post',
      '/api/settings',
      '/admin',
      '/admin/inquiries',
      '/contact.vcf',
      '/blog/rss.xml',
      '/sitemap.xml',
      '/uploads/picture.webp',
    ]) {
      expect(prefetched(rules, path), path).toBe(false);
    }
  });
});
