import { expect, test } from '@playwright/test';

/**
 * Pages that hydrate only their islands (decision 062). What a visitor's phone downloads in script before
 * touching one: everything fetched until the network is idle, whoever asked for it (the HTML, a module's
 * imports, a prefetch), not only what the HTML names. scripts/check-bundles.ts holds the build to the same
 * budget; this holds the pages as served.
 */
const ISLANDS_PAGE_SCRIPT_BUDGET_BYTES = 15 * 1024;
const ISLANDS_PAGES = ['/', '/blog', '/terms', '/privacy', '/hi', '/hi/blog', '/hi/terms', '/hi/privacy'];

for (const path of ISLANDS_PAGES) {
  test(`${path} fetches at most 15 KB of script before any interaction`, async ({ page }) => {
    const scripts: { url: string; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      // The bytes on the wire: the body as sent, compressed.
      scripts.push({ url: request.url(), bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const fetched = await Promise.all(
      scripts.map(async ({ url, bytes }) => ({ path: new URL(url).pathname, bytes: await bytes })),
    );
    // The module that starts every page, with the chrome's behaviours: nothing of React or the router.
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.map((script) => script.path).join(' ')).not.toMatch(/framework|public-shell|index-/);
    const total = fetched.reduce((sum, script) => sum + script.bytes, 0);
    expect(total, JSON.stringify(fetched)).toBeLessThanOrEqual(ISLANDS_PAGE_SCRIPT_BUDGET_BYTES);
  });
}

test('a page of islands prefetches the page a link leads to once the pointer rests on it, and opens it from there', async ({
  page,
}) => {
  // The page names its rules in a header; the browser reads them before the pointer moves.
  const rules = page.waitForResponse((response) => response.url().endsWith('/speculation-rules.json'));
  await page.goto('/terms');
  expect((await rules).status()).toBe(200);
  const privacy = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' });
  const prefetch = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/privacy' && request.headers()['sec-purpose'] === 'prefetch',
  );
  await privacy.hover();
  await prefetch;
  await privacy.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  // How the document was delivered: from the prefetch (not yet in TypeScript's DOM types).
  expect(
    await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as unknown as { deliveryType: string }).deliveryType,
    ),
  ).toBe('navigational-prefetch');
});
