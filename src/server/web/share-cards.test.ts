import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBlogPostRepository } from '../features/blog/repository.ts';
import { blogPostValues } from '../test-support/blog-posts.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import { renameBrand, signedInAppForEachTest, TEST_DIALECTS, TEST_ORIGIN } from '../test-support/test-app.ts';
import { drawShareCard, svgToPng } from './brand-images.ts';

// Counts the drawings, to tell a card drawn anew from one served from the cache.
vi.mock('./brand-images.ts', async (original) => {
  const module = await original<typeof import('./brand-images.ts')>();
  return { ...module, drawShareCard: vi.fn(module.drawShareCard) };
});

/** A real picture for a post: a 300×200 PNG drawn here, served by a server the test starts. */
const PICTURE = svgToPng(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#f97316"/></svg>',
  300,
);

let pictureServer: Server;
let pictureOrigin: string;
const pictureRequests: string[] = [];
beforeAll(async () => {
  pictureServer = createServer((request, response) => {
    pictureRequests.push(request.url ?? '');
    if (request.url === '/rain.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(PICTURE);
    } else if (request.url === '/page.html') {
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
    } else if (request.url === '/huge.png') {
      // Larger than the cap: the server stops reading and draws the card without it.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.concat([PICTURE, Buffer.alloc(6 * 1024 * 1024)]));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => pictureServer.listen(0, '127.0.0.1', resolve));
  pictureOrigin = `http://127.0.0.1:${(pictureServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  pictureServer.closeAllConnections();
  await new Promise((resolve) => pictureServer.close(resolve));
});

function metaContent(html: string, property: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`).exec(html)?.[1];
}

describe.each(TEST_DIALECTS)('share cards (%s, needs npm run build:web)', (dialect) => {
  const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR });
  const drawings = vi.mocked(drawShareCard);
  beforeEach(() => {
    drawings.mockClear();
  });

  /** The og:image of a page, as a path on the site, after checking the tags that come with it. */
  async function cardOf(pagePath: string): Promise<string> {
    const page = await t.app.inject({ url: pagePath });
    expect(page.statusCode, pagePath).toBe(200);
    const image = metaContent(page.body, 'og:image');
    // Absolute, on the site's own origin.
    expect(image, pagePath).toMatch(/^http:\/\/localhost\/share-cards\/[0-9a-f]{16}\.png\?page=/);
    expect(metaContent(page.body, 'og:image:width')).toBe('1200');
    expect(metaContent(page.body, 'og:image:height')).toBe('630');
    expect(metaContent(page.body, 'og:image:alt')).toBeTruthy();
    expect(metaContent(page.body, 'twitter:card')).toBe('summary_large_image');
    const url = new URL(image!.replaceAll('&amp;', '&'));
    return url.pathname + url.search;
  }

  async function fetchCard(url: string) {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(imageSize(response.rawPayload)).toMatchObject({ type: 'png', width: 1200, height: 630 });
    return response.rawPayload;
  }

  it.skipIf(!built)(
    'gives every public page a 1200×630 card, drawn once and then kept',
    async () => {
      const cards = new Set<string>();
      for (const pagePath of ['/', '/contact', '/terms', '/privacy', '/blog', '/tictactoe', '/SamparkGame']) {
        cards.add(await cardOf(pagePath));
      }
      cards.add(await cardOf('/delete-account'));
      // The two paths of the game are one page with one card; every other page has its own.
      expect(cards.size).toBe(7);
      for (const card of cards) await fetchCard(card);
      expect(drawings).toHaveBeenCalledTimes(7);
      const again = await fetchCard([...cards][0]!);
      expect(drawings).toHaveBeenCalledTimes(7);
      expect(again.byteLength).toBeGreaterThan(0);
    },
    // Seven first drawings, the first loading the fonts: slow on a busy machine.
    60_000,
  );

  it.skipIf(!built)('gives a page a new card when the brand or a post title changes', async () => {
    const posts = createBlogPostRepository(t.database.db);
    const post = await posts.create(blogPostValues({ title: 'Monsoon offers' }));
    const contactCard = await cardOf('/contact');
    const postCard = await cardOf(`/blog/${post.slug}`);
    const contactPicture = await fetchCard(contactCard);

    await renameBrand(t, 'Madad');
    const renamedContactCard = await cardOf('/contact');
    expect(renamedContactCard).not.toBe(contactCard);
    expect(Buffer.compare(await fetchCard(renamedContactCard), contactPicture)).not.toBe(0);
    // The old URL names a card that no longer exists: nothing is drawn for it.
    drawings.mockClear();
    expect((await t.app.inject({ url: contactCard })).statusCode).toBe(404);
    expect(drawings).not.toHaveBeenCalled();

    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      headers: { origin: TEST_ORIGIN, cookie: t.cookie },
      payload: { ...blogPostValues({ slug: post.slug }), title: 'Diwali offers' },
    });
    expect(update.statusCode).toBe(200);
    const retitledPostCard = await cardOf(`/blog/${post.slug}`);
    expect(retitledPostCard).not.toBe(postCard);
    await fetchCard(retitledPostCard);
  });

  it.skipIf(!built)(
    "draws a post's picture into its card, and the card without it when it cannot",
    async () => {
      const posts = createBlogPostRepository(t.database.db);
      const title = 'Rainy day offers';
      const plain = await fetchCard(
        await cardOf(`/blog/${(await posts.create(blogPostValues({ title }))).slug}`),
      );
      const withPicture = await posts.create(blogPostValues({ title, image: `${pictureOrigin}/rain.png` }));
      const pictured = await fetchCard(await cardOf(`/blog/${withPicture.slug}`));
      expect(pictureRequests).toContain('/rain.png');
      expect(Buffer.compare(pictured, plain)).not.toBe(0);

      for (const image of [
        `${pictureOrigin}/missing.png`,
        `${pictureOrigin}/page.html`,
        `${pictureOrigin}/huge.png`,
        // Nothing listens there.
        'http://127.0.0.1:9/rain.png',
        'ftp://127.0.0.1/rain.png',
        // Nothing outside the build's folder is read.
        '/../../../../etc/hostname',
        '/%2e%2e/%2e%2e/package.json',
      ]) {
        const post = await posts.create(blogPostValues({ title, image }));
        const card = await fetchCard(await cardOf(`/blog/${post.slug}`));
        expect(Buffer.compare(card, plain), image).toBe(0);
      }
    },
  );

  it.skipIf(!built)('answers 404 at once to a card of no page, or of another version', async () => {
    const card = await cardOf('/contact');
    const version = /\/share-cards\/([0-9a-f]{16})\.png/.exec(card)![1]!;
    for (const url of [
      card.replace(version, '0123456789abcdef'),
      `/share-cards/${version}.png?page=${encodeURIComponent('/no-such-page')}`,
      `/share-cards/${version}.png?page=${encodeURIComponent('/blog/no-such-post')}`,
      `/share-cards/${version}.png?page=${encodeURIComponent('//evil.example/contact')}`,
      `/share-cards/${version}.png`,
      `/share-cards/${version}.jpg?page=%2Fcontact`,
      '/share-cards/nope.png?page=%2Fcontact',
      `/share-cards/${version}.png?page=${'a'.repeat(600)}`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
    expect(drawings).not.toHaveBeenCalled();
  });
});
