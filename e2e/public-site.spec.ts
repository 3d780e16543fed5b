import { expect } from '@playwright/test';
import { collectErrors, expectNoSeriousAxeViolationsOfAnyRule, linkDestination, test } from './support.ts';

test('the contact page is server-rendered: it shows published channels with JavaScript off', async ({
  browser,
  adminRequest,
  baseURL,
}) => {
  const handle = `@e2e_${Date.now()}`;
  const created = await adminRequest.post('/api/contacts', {
    data: { type: 'telegram', value: handle },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { contact } = await created.json();

  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/contact');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Contact/);
    // Telegram is on the first tab, shown without script. Its link is the channel's counted link
    // (decision 035), which leads to Telegram.
    const link = page.locator(`a[href="/go/${contact._id}"]`);
    await expect(link).toBeVisible();
    expect(await linkDestination(page.request, await link.getAttribute('href'))).toBe(
      `https://t.me/${handle.slice(1)}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/contact`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    await context.close();
  } finally {
    await adminRequest.delete(`/api/contacts/${contact._id}`, { headers: { origin: baseURL! } });
  }
});

test('public pages load without errors and the navigation marks the current page', async ({ page }) => {
  const errors = collectErrors(page);

  await page.goto('/');
  const nav = page.getByRole('navigation').first();
  for (const name of ['Home', 'Contact', 'Game', 'Terms', 'Privacy']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('link', { name: 'GET STARTED' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page).toHaveTitle(/Contact/);
  expect(errors).toEqual([]);
  await expectNoSeriousAxeViolationsOfAnyRule(page);
});

test('an unknown page answers 404 with a page, and an unknown API path with JSON', async ({
  page,
  request,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  const api = await request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No such endpoint' });
});
