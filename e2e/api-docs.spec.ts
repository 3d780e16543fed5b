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

  // The operations are listed by their summaries, grouped by tag, once the browser has fetched and read the
  // whole description (over 100 operations): on a busy machine that took more than the usual 10 s.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar for Sampark API' });
  await expect(sidebar.getByRole('link', { name: /^The process is up/ })).toBeVisible({ timeout: 60_000 });
  await sidebar.getByRole('button', { name: 'Open Group - inquiries' }).click();
  await expect(
    sidebar.getByRole('link', { name: /^Inquiries newest first, searched and filtered by status/ }),
  ).toBeVisible();
  await expect(
    sidebar.getByRole('link', { name: /^Send a message through the public contact form/ }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('a visitor without a session is refused the reference', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: signedOut, baseURL: baseURL! });
  const response = await context.request.get('/api/docs/');
  expect(response.status()).toBe(401);
  await context.close();
});
