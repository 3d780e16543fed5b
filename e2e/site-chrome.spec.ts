import { expect, type Locator, type Page } from '@playwright/test';
import { brandGamePath } from '../src/shared/rules/site-settings.ts';
import { siteSettings, test, uniqueTag } from './support.ts';

/**
 * What every public page wears (issue 36): the blog in the navigation where visitors look for it, a header
 * the page's text does not show through, and the byline of a post.
 */

const SIZES = [
  { name: 'a 360 px phone', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  { name: 'a 390x844 phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'a 1280x800 desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

/** The links' words in each language, in the navigation's order. */
const NAV_LINKS = {
  en: ['Home', 'Contact', 'Blog', 'Game', 'Terms', 'Privacy'],
  hi: ['होम', 'संपर्क', 'ब्लॉग', 'गेम', 'नियम', 'निजता'],
} as const;

/**
 * The page is no wider than the screen, and every link of `nav` is whole: its words not cut and, on a touch
 * screen, a finger's size.
 */
async function expectUsable(page: Page, nav: Locator, touch: boolean) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  for (const link of await nav.getByRole('link').all()) {
    const box = (await link.boundingBox())!;
    const label = await link.textContent();
    expect(box.x, label!).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label!).toBeLessThanOrEqual(page.viewportSize()!.width);
    if (touch) {
      expect(box.width, label!).toBeGreaterThanOrEqual(44);
      expect(box.height, label!).toBeGreaterThanOrEqual(44);
    }
    expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth), label!).toBe(true);
  }
}

for (const { name, viewport, isMobile, hasTouch } of SIZES) {
  test.describe(`the navigation on ${name}`, () => {
    test.use({ viewport, isMobile, hasTouch });

    for (const locale of ['en', 'hi'] as const) {
      test(`leads to the blog, in ${locale === 'en' ? 'English' : 'Hindi'}`, async ({ page, request }) => {
        const prefix = locale === 'en' ? '' : '/hi';
        const settings = await siteSettings(request);
        await page.goto(`${prefix}/privacy`);
        // The top bar on a desktop, the bottom tab bar on a phone: one "Main" navigation at a time.
        const nav = page.getByRole('navigation', { name: locale === 'en' ? 'Main' : 'मुख्य' });
        await expect(nav).toHaveCount(1);
        await expect(nav.getByRole('link')).toHaveText([...NAV_LINKS[locale]]);
        const blog = nav.getByRole('link', { name: NAV_LINKS[locale][2], exact: true });
        await expect(blog).toHaveAttribute('href', `${prefix}/blog`);
        await expect(nav.getByRole('link', { name: NAV_LINKS[locale][3], exact: true })).toHaveAttribute(
          'href',
          `${prefix}${brandGamePath(settings.brandName)}`,
        );
        await expectUsable(page, nav, hasTouch);
        if (isMobile) {
          expect(Math.round((await nav.boundingBox())!.y + (await nav.boundingBox())!.height)).toBe(
            viewport.height,
          );
          // The menu lists the same links, the blog among them.
          const menuButton = page.getByRole('button', { name: locale === 'en' ? 'Open menu' : 'मेन्यू खोलें' });
          await menuButton.click();
          const menu = page.getByRole('navigation', { name: locale === 'en' ? 'Menu' : 'मेन्यू' });
          await expect(menu.getByRole('link', { name: NAV_LINKS[locale][2], exact: true })).toHaveAttribute(
            'href',
            `${prefix}/blog`,
          );
          await menu.getByRole('link', { name: NAV_LINKS[locale][2], exact: true }).click();
        } else {
          await blog.click();
        }
        await expect(page).toHaveURL(new RegExp(`${prefix}/blog$`));
        await expect(blog).toHaveAttribute('aria-current', 'page');
      });
    }

    test('marks the blog as the current page on a post, and the header hides the text under it', async ({
      page,
      adminRequest,
      baseURL,
    }) => {
      const tag = uniqueTag();
      const created = await adminRequest.post('/api/blogs', {
        headers: { origin: baseURL! },
        data: {
          title: `Diwali hours ${tag}`,
          description: 'When we answer during the festival',
          content: Array.from({ length: 40 }, (_, index) => `Paragraph ${index + 1} about our hours.`).join(
            '\n\n',
          ),
          slug: `diwali-hours-${tag}`,
          category: 'News',
          isPublished: true,
        },
      });
      expect(created.status()).toBe(201);
      const post = ((await created.json()) as { data: { _id: string; slug: string } }).data;
      try {
        await page.goto(`/blog/${post.slug}`);
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );

        // Scrolled, the text passes under the sticky header, which is opaque.
        await page.evaluate(() => window.scrollTo(0, 400));
        const header = page.getByRole('banner');
        await expect(header).toHaveAttribute('data-scrolled', 'true');
        // Read until its colour has finished changing (the header's background changes with a transition).
        await expect
          .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
          .toBe('rgb(255, 255, 255)');
      } finally {
        await adminRequest.delete(`/api/blogs/${post._id}`, { headers: { origin: baseURL! } });
      }
    });
  });
}

test('a post is bylined with its author’s display name', async ({ page, adminRequest, baseURL }) => {
  const me = (await (await adminRequest.get('/api/admin/me')).json()) as { admin: { name: string } };
  expect(me.admin.name).not.toBe('');
  const tag = uniqueTag();
  const created = await adminRequest.post('/api/blogs', {
    headers: { origin: baseURL! },
    data: {
      title: `Byline ${tag}`,
      description: 'Who wrote it',
      content: 'Written by a person.',
      slug: `byline-${tag}`,
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);
  const post = ((await created.json()) as { data: { _id: string; slug: string } }).data;
  try {
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByText(`By ${me.admin.name}`, { exact: true })).toBeVisible();
    await expect(page.getByText('By Admin', { exact: true })).toHaveCount(0);
  } finally {
    await adminRequest.delete(`/api/blogs/${post._id}`, { headers: { origin: baseURL! } });
  }
});

test('/login leads to the back office’s sign-in, from either language', async ({ page }) => {
  for (const path of ['/login', '/hi/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  }
});
