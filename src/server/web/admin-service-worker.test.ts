import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { createWebBuildFixture, type WebBuildFixture } from '../test-support/web-build-fixture.ts';

describe("the back office's service worker", () => {
  let web: WebBuildFixture;
  let t: TestApp;
  beforeEach(async () => {
    web = createWebBuildFixture();
    // The build copies public/ as it is: the real worker, where `npm run build` puts it.
    fs.mkdirSync(path.join(web.dir, 'client/admin'));
    fs.copyFileSync('public/admin/sw.js', path.join(web.dir, 'client/admin/sw.js'));
    t = await createTestApp('sqlite', { WEB_DIST_DIR: web.dir });
  });
  afterEach(async () => {
    await t.close();
    web.remove();
  });

  it('is served at the top of /admin/ as a script, never from a cache, under a policy that allows it', async () => {
    const response = await t.app.inject({ url: '/admin/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body).toBe(fs.readFileSync('public/admin/sw.js', 'utf8'));
    expect(response.body).toContain("addEventListener('push'");
    expect(response.body).toContain("addEventListener('notificationclick'");
  });
});
