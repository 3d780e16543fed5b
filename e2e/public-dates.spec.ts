import { expect } from '@playwright/test';
import { slugify } from '../src/shared/rules/blog.ts';
import { setPostPublishedAt, siteSettings, test, uniqueTag } from './support.ts';

/** The latest moment before now at which the business's clock showed 00:57 (a day after the UTC date). */
function justAfterMidnightInIndia(now = Date.now()): string {
  const day = new Date(now);
  // 00:57 in India (UTC+05:30) is 19:27 UTC of the day before.
  day.setUTCHours(19, 27, 0, 0);
  if (day.getTime() > now) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString();
}

function dayIn(iso: string, locale: string, timeZone: string, month: 'long' | 'short') {
  return new Date(iso).toLocaleDateString(locale, { year: 'numeric', month, day: 'numeric', timeZone });
}

// A visitor whose own clock is far from India's: the page must not show their day, nor UTC's.
test.use({ timezoneId: 'America/Los_Angeles' });

test('a post published at 00:57 in India is dated that day on the post and the list, before and after hydration', async ({
  page,
  adminRequest,
  baseURL,
}) => {
  const { timeZone } = await siteSettings(page.request);
  expect(timeZone).toBe('Asia/Kolkata');
  const tag = uniqueTag();
  const title = `Midnight post ${tag}`;
  const response = await adminRequest.post('/api/blogs', {
    headers: { origin: baseURL! },
    data: {
      title,
      description: `Published just after midnight ${tag}`,
      content: 'Hello.',
      slug: slugify(title),
      category: 'Technology',
      image: '',
      isPublished: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const post = ((await response.json()) as { data: { _id: string; slug: string } }).data;
  try {
    const publishedAt = justAfterMidnightInIndia();
    await setPostPublishedAt(baseURL!, post._id, publishedAt);
    const indiaDay = dayIn(publishedAt, 'en-US', timeZone, 'long');
    const utcDay = dayIn(publishedAt, 'en-US', 'UTC', 'long');
    expect(indiaDay).not.toBe(utcDay);

    // The server's HTML, as a browser without script reads it.
    const html = await (await page.request.get(`/blog/${post.slug}`)).text();
    expect(html).toContain(indiaDay);
    expect(html).not.toContain(utcDay);

    await page.goto(`/blog/${post.slug}`);
    const date = page.locator(`time[datetime="${publishedAt}"]`);
    await expect(date).toHaveText(indiaDay);

    await page.goto('/blog');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.locator('time')).toHaveText(dayIn(publishedAt, 'en-US', timeZone, 'short'));

    // The Hindi list dates it the same day.
    await page.goto('/hi/blog');
    const hindiCard = page.getByRole('article').filter({ hasText: title });
    if ((await hindiCard.count()) > 0) {
      await expect(hindiCard.locator('time')).toHaveText(dayIn(publishedAt, 'hi-IN', timeZone, 'short'));
    }
  } finally {
    await adminRequest.delete(`/api/blogs/${post._id}`, { headers: { origin: baseURL! } });
  }
});

test('the terms say when they last changed, in the business’s time zone, not today', async ({ page }) => {
  const { timeZone } = await siteSettings(page.request);
  const answer = await page.request.get('/api/terms');
  expect(answer.status()).toBe(200);
  const { updatedAt } = ((await answer.json()) as { terms: { updatedAt: string } }).terms;
  expect(Date.parse(updatedAt)).toBeLessThan(Date.now());

  const longDay = (locale: string) =>
    new Date(updatedAt).toLocaleDateString(locale, { dateStyle: 'long', timeZone });
  await page.goto('/terms');
  await expect(page.getByText('Last updated:')).toHaveText(`Last updated: ${longDay('en-IN')}`);
  await page.goto('/hi/terms');
  await expect(page.getByText('आख़िरी अपडेट:')).toHaveText(`आख़िरी अपडेट: ${longDay('hi-IN')}`);
});
