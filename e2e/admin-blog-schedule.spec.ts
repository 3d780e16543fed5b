import { type APIRequestContext, expect, test } from '@playwright/test';
import { localDateTimeFormatter } from '../src/server/lib/time-zone.ts';
import { BLOG_MESSAGES } from '../src/shared/rules/blog.ts';
import { MINUTE_MS } from '../src/shared/time.ts';
import {
  expectNoSeriousAxeViolations,
  signedInAsAdmin,
  signedOut,
  siteSettings,
  TOASTER,
  toast,
  uniqueTag,
} from './support.ts';

test.use(signedInAsAdmin);

/** The date (YYYY-MM-DD) and time (HH:mm) a clock in `timeZone` shows at `at`, as the form's fields take them. */
function wallClock(at: number, timeZone: string): { date: string; time: string } {
  // The server's spreadsheet format, `2026-11-24 21:05:09`: not the form's own code, which this test checks.
  const [date = '', time = ''] = localDateTimeFormatter(timeZone)(new Date(at)).split(' ');
  return { date, time: time.slice(0, 5) };
}

/** How many items of the RSS feed link to the post. */
async function feedItemsFor(request: APIRequestContext, slug: string): Promise<number> {
  const response = await request.get('/blog/rss.xml');
  expect(response.status()).toBe(200);
  return (await response.text()).split(`/blog/${slug}</link>`).length - 1;
}

test.describe('Scheduled publishing', () => {
  let tag = '';
  test.beforeEach(() => {
    tag = uniqueTag();
  });
  test.afterEach(async ({ request, baseURL }) => {
    const response = await request.get('/api/blogs/admin/all?page=1&pageSize=50');
    const { data } = (await response.json()) as { data: { _id: string; slug: string }[] };
    for (const post of data.filter((entry) => entry.slug.includes(tag)))
      await request.delete(`/api/blogs/${post._id}`, { headers: { origin: baseURL! } });
  });

  test('a post scheduled a minute ahead in the business’s time zone appears on the blog and in the feed, once', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // About a minute to fill the form and see it wait, up to a sweep (15 s) after its time, and the checks.
    test.setTimeout(4 * MINUTE_MS);
    const { timeZone } = await siteSettings(request);
    const title = `Toss at the stadium ${tag}`;
    const slug = `toss-at-the-stadium-${tag}`;

    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'New Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Description', { exact: true }).fill('Who won the toss, and what they chose.');
    await dialog.getByLabel('Content', { exact: true }).fill('## The toss\n\nThe captains walked out at 7.');
    await expect(dialog.getByLabel('Slug', { exact: true })).toHaveValue(slug);

    const publishing = dialog.getByRole('group', { name: 'Publishing' });
    await expect(publishing.getByRole('radio', { name: 'Draft', exact: true })).toBeChecked();
    // Keyboard: from Draft, the arrow keys reach Schedule.
    await publishing.getByRole('radio', { name: 'Draft', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const scheduleOption = publishing.getByRole('radio', { name: 'Schedule', exact: true });
    await expect(scheduleOption).toBeChecked();
    await expect(publishing).toContainText(timeZone);

    // A time that has passed is refused before anything is sent.
    const date = dialog.getByLabel('Publication date', { exact: true });
    const time = dialog.getByLabel('Publication time', { exact: true });
    const past = wallClock(Date.now() - 10 * MINUTE_MS, timeZone);
    await date.fill(past.date);
    await time.fill(past.time);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog.getByText('Choose a time in the future', { exact: true })).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(date).toHaveAccessibleDescription(/Choose a time in the future/);

    // The next whole minute at least 45 s ahead, on the business's clock.
    const scheduledAt = Math.ceil((Date.now() + 45_000) / MINUTE_MS) * MINUTE_MS;
    const wanted = wallClock(scheduledAt, timeZone);
    await date.fill(wanted.date);
    await time.fill(wanted.time);
    await expect(dialog.getByText('Choose a time in the future', { exact: true })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, TOASTER);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, BLOG_MESSAGES.created, 'success')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The list says when it goes out.
    const item = page
      .getByRole('list', { name: /^All Posts/ })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(item).toContainText('Scheduled ·');
    await expect(item).not.toContainText('Draft');
    await expect(item.locator('time').first()).toHaveAttribute(
      'datetime',
      new Date(scheduledAt).toISOString(),
    );

    // Editing shows the time as chosen.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await expect(editDialog.getByRole('radio', { name: 'Schedule', exact: true })).toBeChecked();
    await expect(editDialog.getByLabel('Publication date', { exact: true })).toHaveValue(wanted.date);
    await expect(editDialog.getByLabel('Publication time', { exact: true })).toHaveValue(wanted.time);
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(editDialog).toBeHidden();

    // Not public before its time.
    expect(Date.now()).toBeLessThan(scheduledAt);
    const visitorContext = await browser.newContext({ baseURL: baseURL!, storageState: signedOut });
    const visitor = await visitorContext.newPage();
    const card = visitor.getByRole('link', { name: title });
    await visitor.goto('/blog');
    await expect(visitor.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await feedItemsFor(request, slug)).toBe(0);

    // Then on the blog, once, without anyone touching it.
    await expect(async () => {
      await visitor.goto('/blog');
      await expect(card).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 150_000, intervals: [2_000] });
    expect(Date.now()).toBeGreaterThanOrEqual(scheduledAt);
    await expect.poll(() => feedItemsFor(request, slug), { timeout: 10_000 }).toBe(1);
    await card.click();
    await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(visitor.getByRole('heading', { name: 'The toss', level: 2 })).toBeVisible();
    await visitorContext.close();

    // And the back office's list says it is published.
    await page.reload();
    await expect(item).toContainText('Published');
    await expect(item).not.toContainText('Scheduled');
  });
});
