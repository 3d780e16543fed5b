import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  expectNoSeriousAxeViolations,
  inquiryFor,
  sendInquiry,
  signedInAsAdmin,
  statValue,
  uniqueTag,
} from './support.ts';

test.use(signedInAsAdmin);

interface InquiryStats {
  total: number;
  new: number;
  inProgress: number;
  resolved: number;
  unread: number;
}

async function serverStats(request: APIRequestContext): Promise<InquiryStats> {
  const response = await request.get('/api/contact-inquiries/stats');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { stats: InquiryStats }).stats;
}

// The cards must agree with the server's totals and the new inquiry must be the newest unread one: no other
// test may send or read an inquiry meanwhile.
test('the dashboard shows a fresh inquiry in its cards, chart and unread list, which opens it', {
  tag: '@exclusive',
}, async ({ page, request, baseURL }) => {
  const tag = uniqueTag();
  const name = `Dashboard ${tag}`;
  const id = await sendInquiry(
    request,
    baseURL!,
    inquiryFor(tag, {
      name,
      city: 'Jaipur',
      service: 'business-consultation',
      query: `Please call me back about ${tag}.`,
    }),
  );
  try {
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // The five cards agree with the server's counts, which include the new inquiry.
    const expected = await serverStats(request);
    expect(expected.unread).toBeGreaterThan(0);
    await expect.poll(() => statValue(page, 'Total')).toBe(expected.total);
    await expect.poll(() => statValue(page, 'New')).toBe(expected.new);
    await expect.poll(() => statValue(page, 'In Progress')).toBe(expected.inProgress);
    await expect.poll(() => statValue(page, 'Resolved')).toBe(expected.resolved);
    await expect.poll(() => statValue(page, 'Unread')).toBe(expected.unread);

    // The chart has a text alternative: today (its last row) counts at least this inquiry.
    const chartTable = page.getByRole('table', { name: /Inquiries per day for the last 30 days/ });
    await expect(chartTable.getByRole('row')).toHaveCount(31);
    const todayTotal = await chartTable.getByRole('row').last().getByRole('cell').last().textContent();
    expect(Number(todayTotal)).toBeGreaterThanOrEqual(1);

    // Published posts and active channels link to their screens.
    const active = ((await (await request.get('/api/contacts/active')).json()) as { contacts: unknown[] })
      .contacts.length;
    await expect(page.getByRole('link', { name: `Active contact channels: ${active}` })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Published posts: \d+$/ })).toHaveAttribute(
      'href',
      '/admin/blog',
    );

    await expectNoSeriousAxeViolations(page);

    // The newest unread inquiry is listed first, and its link opens it in the inbox.
    const recent = page.getByRole('region', { name: 'Recent unread inquiries' });
    const link = recent.getByRole('link', { name: new RegExp(name) });
    await expect(link).toContainText('Jaipur');
    await expect(link).toContainText(`Please call me back about ${tag}.`);
    await expect(recent.getByRole('listitem').first()).toContainText(name);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/inquiries\\?open=${id}$`));
    const dialog = page.getByRole('dialog', { name: `Inquiry from ${name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Business Consultation');
    await expect.poll(async () => (await serverStats(request)).unread).toBe(expected.unread - 1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // Read now: back on the dashboard it has left the unread list.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect.poll(() => statValue(page, 'Unread')).toBe(expected.unread - 1);
    await expect(recent.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);

    await page.getByRole('link', { name: `Active contact channels: ${active}` }).click();
    await expect(page).toHaveURL(/\/admin\/contact$/);
  } finally {
    await request.delete(`/api/contact-inquiries/${id}`, { headers: { origin: baseURL! } });
  }
});

test('the dashboard says when it cannot load and when nothing is unread', async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/dashboard?*', async (route) => {
    if (fail)
      return route.fulfill({
        status: 500,
        json: { success: false, code: 'INTERNAL', message: 'Internal Server Error' },
      });
    const response = await route.fetch();
    const body = (await response.json()) as { dashboard: { recentUnread: unknown[] } };
    return route.fulfill({ response, json: { dashboard: { ...body.dashboard, recentUnread: [] } } });
  });
  await page.goto('/admin/dashboard');
  // A server error is asked again twice (after 1 s and 2 s) before the page gives up; on a busy machine each
  // answer takes seconds more.
  await expect(page.getByText('The dashboard could not be loaded.')).toBeVisible({ timeout: 30_000 });
  fail = false;
  const unread = page.getByRole('region', { name: 'Recent unread inquiries' });
  // Tests on other pages post inquiries to the same server meanwhile: a live update may load the dashboard
  // again before the click, and then there is no button left to click.
  await page
    .getByRole('button', { name: 'Try again' })
    .click({ timeout: 5_000 })
    .catch(async (error: unknown) => {
      if (!(await unread.isVisible())) throw error;
    });
  await expect(unread).toContainText('No unread inquiries. You are all caught up.');
  // A live update may have loaded the dashboard again: its handler, still fetching when the page closes, would
  // fail on the disposed answer.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
