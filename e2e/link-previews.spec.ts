import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { imageSize } from 'image-size';
import ogs from 'open-graph-scraper';
import { brandGamePath } from '../src/shared/rules/site-settings.ts';
import { siteSettings, test, uniqueTag } from './support.ts';

/** A 2×2 PNG, served as a post's picture by a server this file starts (the site has no outside network). */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

let pictureServer: Server;
let pictureUrl: string;
test.beforeAll(async () => {
  pictureServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(PICTURE);
  });
  await new Promise<void>((resolve) => pictureServer.listen(0, '127.0.0.1', resolve));
  pictureUrl = `http://127.0.0.1:${(pictureServer.address() as AddressInfo).port}/picture.png`;
});
test.afterAll(async () => {
  pictureServer.closeAllConnections();
  await new Promise((resolve) => pictureServer.close(resolve));
});

// Alone on its server (@exclusive): its published post, whose picture is on a plain-HTTP local server, shows on
// /blog for a moment, where the page's CSP (img-src https:) blocks it and another test that opens /blog would
// find that console error.
test('every public page and a published post show a 1200×630 picture when their link is shared', {
  tag: '@exclusive',
}, async ({ request, adminRequest, baseURL }) => {
  const settings = await siteSettings(request);
  const title = `Share cards ${uniqueTag()}`;
  const created = await adminRequest.post('/api/blogs', {
    headers: { origin: baseURL! },
    data: {
      title,
      description: 'A post shared in WhatsApp',
      content: 'Some words.',
      slug: title.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-'),
      category: 'News',
      image: pictureUrl,
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);
  const post = ((await created.json()) as { data: { _id: string; slug: string } }).data;

  try {
    const paths = [
      '/',
      '/contact',
      '/terms',
      '/privacy',
      '/blog',
      `/blog/${post.slug}`,
      brandGamePath(settings.brandName),
      '/tictactoe',
      '/delete-account',
    ];
    for (const path of paths) {
      // What WhatsApp or Telegram reads: the HTML as served, without running its scripts.
      const page = await request.get(path);
      expect(page.status(), path).toBe(200);
      const { result, error } = await ogs({ html: await page.text() });
      expect(error, path).toBe(false);
      expect(result.twitterCard, path).toBe('summary_large_image');
      const image = result.ogImage?.[0];
      expect(image?.url, path).toMatch(/^https?:\/\//);
      expect([image?.width, image?.height], path).toEqual(['1200', '630']);
      expect(image?.alt, path).toBeTruthy();

      const picture = await request.get(image!.url);
      expect(picture.status(), path).toBe(200);
      expect(picture.headers()['content-type'], path).toMatch(/^image\/(png|jpeg)$/);
      const size = imageSize(await picture.body());
      expect([size.width, size.height], path).toEqual([1200, 630]);
    }
  } finally {
    await adminRequest.delete(`/api/blogs/${post._id}`, { headers: { origin: baseURL! } });
  }
});

test('Chromium finds the site installable on the home screen', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito window, and a test's usual context is one.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'sampark-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const devTools = await context.newCDPSession(page);
    const { installabilityErrors } = (await devTools.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
