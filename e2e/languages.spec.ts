import { expect, test } from '@playwright/test';
import { collectErrors, expectNoSeriousAxeViolationsOfAnyRule } from './support.ts';

// The language switch and the Hindi suggestion (decision 038): the URL decides, nothing redirects.
test.describe('the language switch', () => {
  test('leads to the same page in the other language and back, in the browser', async ({ page }) => {
    const errors = collectErrors(page);
    // Every page is a page of islands (decision 062): the switch, like every link, is a page load.
    await page.goto('/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const toHindi = page.getByRole('banner').getByRole('link', { name: 'यह पेज हिन्दी में पढ़ें' });
    await expect(toHindi).toHaveAttribute('hreflang', 'hi');
    await toHindi.click();

    await expect(page).toHaveURL(/\/hi\/terms$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/hi\/terms$/);
    await expect(page.locator('link[hreflang="en"]')).toHaveAttribute('href', /\/terms$/);

    // The chrome in Hindi, the navigation keeping the visitor in Hindi.
    const main = page.getByRole('navigation', { name: 'मुख्य' }).first();
    await expect(main.getByRole('link', { name: 'संपर्क' })).toHaveAttribute('href', '/hi/contact');
    await main.getByRole('link', { name: 'होम' }).click();
    await expect(page).toHaveURL(/\/hi$/);
    await expect(page.locator('link[hreflang="en"]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

    await page.getByRole('banner').getByRole('link', { name: 'Read this page in English' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Contact' }),
    ).toHaveAttribute('href', '/contact');
    expect(errors).toEqual([]);
  });

  test('is in the phone menu and the footer too', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/privacy');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'यह पेज हिन्दी में पढ़ें' }),
    ).toHaveAttribute('href', '/hi/privacy');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'यह पेज हिन्दी में पढ़ें' }),
    ).toHaveAttribute('href', '/hi/privacy');
  });

  test('a missing Hindi page is a Hindi 404 with links to the Hindi home page', async ({ page }) => {
    const response = await page.goto('/hi/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('पेज नहीं मिला');
    await expect(page.getByRole('link', { name: 'होम पेज पर जाएँ' })).toHaveAttribute('href', '/hi');
  });

  test('the Hindi chrome passes every axe rule', async ({ page }) => {
    await page.goto('/hi/no-such-page');
    await expectNoSeriousAxeViolationsOfAnyRule(page);
  });
});

test.describe('a browser that asks for Hindi first', () => {
  test.use({ locale: 'hi-IN' });

  test('is offered the Hindi page on an English page, never redirected, and the offer stays closed', async ({
    page,
  }) => {
    const response = await page.goto('/contact');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const offer = page.getByRole('complementary', { name: 'यह पेज हिन्दी में पढ़ें' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('यह पेज हिन्दी में भी उपलब्ध है।');
    await expect(offer.getByRole('link', { name: 'हिन्दी में पढ़ें' })).toHaveAttribute('href', '/hi/contact');

    await offer.getByRole('button', { name: 'Close' }).click();
    await expect(offer).toBeHidden();
    // A page of islands: its script, which would show the offer, has run by the `load` event (decision 062).
    await page.reload();
    await expect(offer).toBeHidden();
  });

  test('is offered it on another page, and follows it there', async ({ page }) => {
    await page.goto('/privacy');
    const offer = page.getByRole('complementary', { name: 'यह पेज हिन्दी में पढ़ें' });
    await expect(offer.getByRole('link', { name: 'हिन्दी में पढ़ें' })).toHaveAttribute('href', '/hi/privacy');
    await offer.getByRole('link', { name: 'हिन्दी में पढ़ें' }).click();
    await expect(page).toHaveURL(/\/hi\/privacy$/);
    await expect(offer).toHaveCount(0);
  });

  test('is not offered anything on a Hindi page', async ({ page }) => {
    await page.goto('/hi/contact');
    await expect(page.getByRole('complementary', { name: 'यह पेज हिन्दी में पढ़ें' })).toHaveCount(0);
  });
});

test.describe('a browser that asks for English', () => {
  test.use({ locale: 'en-IN' });

  test('is offered nothing', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('complementary', { name: 'यह पेज हिन्दी में पढ़ें' })).toHaveCount(0);
  });
});
