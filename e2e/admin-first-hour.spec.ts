import { expect, test } from '@playwright/test';
import type { Dashboard } from '../src/shared/contracts/dashboard.ts';
import { confirmIdentity, signedInAsAdmin, signedOut, siteSettings, uniqueTag } from './support.ts';

test.use(signedInAsAdmin);

test('the webhook dialog says which addresses this server takes (http to a private address too, here)', async ({
  page,
  request,
  baseURL,
}) => {
  // The e2e servers run with WEBHOOKS_ALLOW_PRIVATE_HTTP (playwright.config.ts).
  await confirmIdentity(request, baseURL!);
  await page.goto('/admin/settings');
  await page
    .getByRole('region', { name: 'Webhooks' })
    .getByRole('button', { name: 'Add webhook' })
    .click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await expect(
    dialog.getByText(/^An https address, or http to this machine or your private network/),
  ).toBeVisible();
});

test('the dashboard chart says there is nothing to draw rather than leaving an empty chart', async ({
  page,
}) => {
  // The server's real answer, with every day's counts at nought: as on a new site.
  await page.route(/\/api\/admin\/dashboard(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { dashboard: Dashboard };
    const perDay = body.dashboard.perDay.map((day) => ({
      date: day.date,
      new: 0,
      inProgress: 0,
      resolved: 0,
      closed: 0,
    }));
    await route.fulfill({ response, json: { dashboard: { ...body.dashboard, perDay } } });
  });
  await page.goto('/admin/dashboard');
  const chart = page.getByRole('region', { name: 'Inquiries per day' });
  await expect(chart.getByText(/^No inquiries yet in these days/)).toBeVisible({ timeout: 30_000 });
  await expect(chart.getByRole('table')).toHaveCount(0);
  // No bars (each names its day in a title) and no axis: nothing drawn for nothing.
  await expect(chart.locator('[title]')).toHaveCount(0);
  // Live updates load the dashboard again: a handler still fetching when the page closes would fail.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('an invitation expires at the same time, in the business’s zone, in the dialog and on the invitation page', async ({
  browser,
  request,
  baseURL,
}) => {
  const { timeZone } = await siteSettings(request);
  await confirmIdentity(request, baseURL!);
  const tag = uniqueTag();
  const created = await request.post('/api/admin/users', {
    data: { email: `invited-${tag}@example.com`, name: `Invited ${tag}`, role: 'agent', invite: true },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user, invitationUrl, invitationExpiresAt } = (await created.json()).data as {
    user: { _id: string };
    invitationUrl: string;
    invitationExpiresAt: string;
  };
  const expected = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(invitationExpiresAt));

  // Opened far from India: the page still says India's time, as the administrator's dialog did.
  const context = await browser.newContext({
    storageState: signedOut,
    baseURL,
    timezoneId: 'America/Los_Angeles',
  });
  try {
    const page = await context.newPage();
    const link = new URL(invitationUrl);
    await page.goto(`${link.pathname}${link.hash}`);
    await expect(page.getByText(/This link works until/)).toContainText(`This link works until ${expected}.`);
  } finally {
    await context.close();
    await request.delete(`/api/admin/users/${user._id}`, { headers: { origin: baseURL! } });
  }
});
