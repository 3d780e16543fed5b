import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import { slugify } from '../src/shared/rules/blog.ts';
import BLOG_COPY from '../src/web/content/messages/en/blog.json' with { type: 'json' };
import { expectNoSeriousAxeViolationsOfAnyRule, test, uniqueTag } from './support.ts';

interface StoredPost {
  _id: string;
  title: string;
  slug: string;
  views: number;
}

const CONTENT = '## Match report\n\nA close game.\n\n- Toss won by the home side\n- Final over thriller';
/** What a post may hold: headings, a list, a link, inline code and a code block. */
const RICH_CONTENT = [
  '## How to reach us',
  'Write to us on WhatsApp, or read the [terms](/terms) first.',
  '### Before you write',
  '1. Keep your registered number at hand\n2. Never share your OTP',
  '- Replies within the hour\n- In Hindi or English',
  'Quote your ticket as `SMP-1042`:',
  '```\nTicket: SMP-1042\nMobile: +91 98765 43210\n```',
  '> We never ask for your password.',
].join('\n\n');

/** What the public API says about a post (it counts no view): its views, or null for a 404. */
async function publicViews(request: APIRequestContext, slug: string): Promise<number | null> {
  const response = await request.get(`/api/blogs/${slug}`, { headers: { cookie: '' } });
  if (response.status() === 404) return null;
  return ((await response.json()) as { data: StoredPost }).data.views;
}

/** A published News post, made through the admin API, its slug from its title. */
async function publishNewsPost(
  adminRequest: APIRequestContext,
  baseURL: string,
  post: { title: string; description: string; content: string; image: string },
): Promise<StoredPost> {
  const response = await adminRequest.post('/api/blogs', {
    headers: { origin: baseURL },
    data: { ...post, slug: slugify(post.title), category: 'News', isPublished: true },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: StoredPost }).data;
}

test.describe('Public blog', () => {
  let tag = '';
  let created: StoredPost | undefined;
  test.beforeEach(() => {
    tag = uniqueTag();
    created = undefined;
  });
  test.afterEach(async ({ adminRequest, baseURL }) => {
    if (!created) return;
    await adminRequest.delete(`/api/blogs/${created._id}`, { headers: { origin: baseURL! } });
  });

  test('a draft stays hidden until published, a reader counts once a day, and a deleted post is gone', async ({
    page,
    playwright,
    adminRequest,
    baseURL,
  }) => {
    const title = `Hello World, IPL 2026! ${tag}`;
    const input = {
      title,
      description: `Season opener ${tag}`,
      content: CONTENT,
      slug: slugify(title),
      category: 'Sports',
      image: '',
      isPublished: false,
    };
    const response = await adminRequest.post('/api/blogs', { headers: { origin: baseURL! }, data: input });
    expect(response.status()).toBe(201);
    created = ((await response.json()) as { data: StoredPost }).data;
    const postPath = `/blog/${created.slug}`;
    // A hydration mismatch (a date rendered differently by server and browser, say) is logged as an error.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        consoleErrors.push(message.text());
      }
    });

    // A visitor (this page's own browser context has no admin cookie) sees nothing of the draft.
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    const hidden = await page.goto(postPath);
    expect(hidden?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: BLOG_COPY.notFoundTitle })).toBeVisible();
    await expect(page.getByText(BLOG_COPY.notFoundText)).toBeVisible();

    const published = await adminRequest.put(`/api/blogs/${created._id}`, {
      headers: { origin: baseURL! },
      data: { ...input, isPublished: true },
    });
    expect(published.status()).toBe(200);

    // Filtering by Sports, in the browser.
    await page.goto('/blog');
    const filters = page.getByRole('navigation', { name: 'Filter posts by category' });
    await filters.getByRole('link', { name: 'Sports' }).click();
    await expect(page).toHaveURL(/\/blog\?category=Sports$/);
    await expect(filters.getByRole('link', { name: 'Sports' })).toHaveAttribute('aria-current', 'page');
    const card = page.getByRole('link', { name: title });
    await expect(card).toBeVisible();
    await filters.getByRole('link', { name: 'News' }).click();
    await expect(page).toHaveURL(/\/blog\?category=News$/);
    await expect(card).toHaveCount(0);

    // Another reader (a fresh API client, no cookie) reads the count; opening the post is this visitor's view.
    const reader = await playwright.request.newContext({ baseURL: baseURL! });
    try {
      expect(await publicViews(reader, created.slug)).toBe(0);
      const shown = await page.goto(postPath);
      expect(shown?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Match report' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Final over thriller' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Blogs' })).toHaveAttribute('href', '/blog');
      expect(await publicViews(reader, created.slug)).toBe(1);
      // The same visitor again the same day: not another view.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await publicViews(reader, created.slug)).toBe(1);

      const deleted = await adminRequest.delete(`/api/blogs/${created._id}`, {
        headers: { origin: baseURL! },
      });
      expect(deleted.status()).toBe(200);
      created = undefined;
      const gone = await page.goto(postPath);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: BLOG_COPY.notFoundTitle })).toBeVisible();
      expect(await publicViews(reader, input.slug)).toBeNull();
      expect(consoleErrors).toEqual([]);
    } finally {
      await reader.dispose();
    }
  });

  test('a picture that cannot load leaves a neat placeholder, in the list and on the post', async ({
    page,
    adminRequest,
    baseURL,
  }) => {
    const title = `Dead link picture ${tag}`;
    created = await publishNewsPost(adminRequest, baseURL!, {
      title,
      description: `A post whose picture is gone ${tag}`,
      content: CONTENT,
      // This site answers 404 at this address.
      image: `${baseURL}/e2e-missing-picture-${tag}.jpg`,
    });

    const expectPlaceholder = async (picture: Locator) => {
      // The failed <img> is hidden: no broken-image icon, no alt text (for screen readers neither); the
      // placeholder keeps its 16:9 place.
      await expect(picture).toHaveAttribute('data-image-state', 'broken');
      await expect(picture.locator('img')).toBeHidden();
      const box = (await picture.boundingBox())!;
      expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);
      await expect(picture).toHaveText('');
    };
    await page.goto('/blog');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
    await expectPlaceholder(card.locator('[data-image-state]'));
    await page.goto(`/blog/${created.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectPlaceholder(page.locator('main [data-image-state]'));
  });

  test('the list and a post with a picture and Markdown meet every axe rule', async ({
    page,
    adminRequest,
    baseURL,
  }) => {
    const title = `Reaching us, step by step ${tag}`;
    created = await publishNewsPost(adminRequest, baseURL!, {
      title,
      description: `Every way to write to us ${tag}`,
      content: RICH_CONTENT,
      // A picture the build serves itself (the demo content's), so it really loads.
      image: '/demo/blog/reach-us-on-whatsapp.jpg',
    });

    // The picture has loaded (the lazy one in the list once scrolled to): axe sees what a reader sees.
    const loaded = async (picture: Locator) => {
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    };
    await page.goto('/blog');
    await loaded(
      page
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: title }) })
        .locator('img'),
    );
    await expectNoSeriousAxeViolationsOfAnyRule(page);

    await page.goto(`/blog/${created.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await loaded(page.locator('main [data-image-state] img'));
    await expect(page.getByRole('heading', { level: 3, name: 'Before you write' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'terms', exact: true })).toHaveAttribute('href', '/terms');
    await expect(page.locator('main pre code')).toContainText('Ticket: SMP-1042');
    await expectNoSeriousAxeViolationsOfAnyRule(page);
  });
});
