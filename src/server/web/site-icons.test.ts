import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { renameBrand, signedInAppForEachTest, TEST_DIALECTS } from '../test-support/test-app.ts';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe.each(TEST_DIALECTS)('the home-screen icon and the web app manifest (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  const manifest = async () => {
    const response = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    return response.json<Manifest>();
  };

  it('describes the site under its brand, with icons of every size it names, maskable ones too', async () => {
    const app = await manifest();
    expect(app).toMatchObject({
      name: 'Sampark',
      short_name: 'Sampark',
      start_url: '/',
      display: 'standalone',
      theme_color: '#4338ca',
      background_color: '#f8fafc',
    });
    expect(app.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
    );
    for (const icon of app.icons) {
      const response = await t.app.inject({ url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe(icon.type);
      const { width, height, type } = imageSize(response.rawPayload);
      expect([type, `${width}x${height}`]).toEqual(['png', icon.sizes]);
    }
  });

  it('describes the back office as an app of its own, scoped to the admin paths its service worker serves', async () => {
    const response = await t.app.inject({ url: '/admin/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const admin = response.json<Manifest & { id: string; scope: string }>();
    expect(admin).toMatchObject({
      id: '/admin/',
      name: 'Sampark back office',
      short_name: 'Sampark',
      start_url: '/admin/dashboard',
      scope: '/admin/',
      display: 'standalone',
    });
    expect(admin.icons).toEqual((await manifest()).icons);
  });

  it('serves the favicons and the apple-touch icon as the browsers expect them', async () => {
    const svg = await t.app.inject({ url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    const ico = await t.app.inject({ url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    const icoSize = imageSize(ico.rawPayload);
    expect(icoSize.type).toBe('ico');
    expect(icoSize.images?.map((image) => image.width).sort((a, b) => a - b)).toEqual([16, 32, 48]);

    const touch = await t.app.inject({ url: '/apple-touch-icon.png' });
    expect(touch.statusCode).toBe(200);
    expect(touch.headers['content-type']).toBe('image/png');
    expect(imageSize(touch.rawPayload)).toMatchObject({ type: 'png', width: 180, height: 180 });
  });

  it('follows a renamed brand, and answers 304 to a browser that has the current icon', async () => {
    const before = await t.app.inject({ url: '/favicon.svg' });
    const etag = before.headers.etag as string;
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const unchanged = await t.app.inject({ url: '/favicon.svg', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await renameBrand(t, 'Madad');
    expect(await manifest()).toMatchObject({ name: 'Madad', short_name: 'Madad' });
    const after = await t.app.inject({ url: '/favicon.svg', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).not.toBe(before.body);
    const touch = await t.app.inject({ url: '/apple-touch-icon.png' });
    expect(imageSize(touch.rawPayload)).toMatchObject({ width: 180, height: 180 });
  });
});
