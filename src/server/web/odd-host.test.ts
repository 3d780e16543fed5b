import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// Hosts of the right shape that no URL can hold: found by the fuzz suite, whose pages answered 500.
const HOSTS = ['localhost:99999', 'example.com:65536', '999.999.999.999', '[:]'];

describe('a Host header no URL can hold', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', built ? { WEB_DIST_DIR } : {});
  });
  afterAll(() => t.close());

  const paths = ['/robots.txt', '/sitemap.xml', '/blog/rss.xml', ...(built ? ['/', '/terms', '/blog'] : [])];
  it.each(HOSTS.flatMap((host) => paths.map((url) => [host, url] as const)))(
    'Host %s: %s answers without naming it',
    async (host, url) => {
      const response = await t.app.inject({ url, headers: { host } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain(host);
    },
  );
});
