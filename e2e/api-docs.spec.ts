import { expect, test } from '@playwright/test';
import { collectErrors, signedInAsAdmin, signedOut } from './support.ts';

test.use(signedInAsAdmin);

test('an administrator reads the API reference at /api/docs, under the site’s CSP', async ({ page }) => {
  const errors = collectErrors(page);
  // Every violation is reported, whether or not the browser also logs it.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+';/);
  await expect(page).toHaveURL(/\/api\/docs\/$/);

  // The operations are listed by their summaries, grouped by tag.
  await expect(page.getByText('Sampark API', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText('Inquiries newest first, searched and filtered by status, one page at a time').first(),
  ).toBeVisible();
  await expect(page.getByText('Send a message through the public contact form').first()).toBeVisible();
  await expect(page.getByText('sessionCookie').first()).toBeAttached();
  expect(errors).toEqual([]);
});

test('a visitor without a session is refused the reference', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: signedOut, baseURL: baseURL! });
  const response = await context.request.get('/api/docs/');
  expect(response.status()).toBe(401);
  await context.close();
});
