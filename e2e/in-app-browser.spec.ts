import { expect } from '@playwright/test';
import { collectErrors, expectNoSeriousAxeViolationsOfAnyRule, test } from './support.ts';

/** User-Agents as Instagram's browser sends them on Android and on an iPhone, and Chrome on Android. */
const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A146B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (33/13; 420dpi; 1080x2161; samsung; SM-A146B; a14; mt6768; en_IN; 548323742)';
const INSTAGRAM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 312.0.2.19.101 (iPhone14,5; iOS 17_2; en_IN; en; scale=3.00; 1170x2532; 546215658)';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

const PHONE = { viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] };

test.describe("the contact page in Instagram's browser on Android", () => {
  test.use({ ...PHONE, userAgent: INSTAGRAM_ANDROID });

  test('offers the phone’s browser and copies the page’s link', async ({ page, baseURL }) => {
    const errors = collectErrors(page);
    await page.goto('/contact');
    const bar = page.getByRole('region', { name: 'Open this page in your browser' });
    await expect(bar).toBeVisible();
    const host = new URL(baseURL!).host;
    await expect(bar.getByRole('link', { name: 'Open in browser' })).toHaveAttribute(
      'href',
      `intent://${host}/contact#Intent;scheme=http;end`,
    );
    // Above the page's heading: the first thing such a visitor reads.
    const barBox = (await bar.boundingBox())!;
    const headingBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(barBox.y).toBeLessThan(headingBox.y);

    await bar.getByRole('button', { name: 'Copy link' }).click();
    await expect(bar.getByRole('status')).toHaveText('Link copied. Paste it in your browser.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/contact`);
    await expectNoSeriousAxeViolationsOfAnyRule(page);
    expect(errors).toEqual([]);
  });
});

test.describe("the Hindi contact page in Instagram's browser on an iPhone", () => {
  test.use({ ...PHONE, userAgent: INSTAGRAM_IPHONE });

  test('offers Safari and copies the link, in Hindi', async ({ page, baseURL }) => {
    await page.goto('/hi/contact');
    const bar = page.getByRole('region', { name: 'यह पेज अपने ब्राउज़र में खोलें' });
    await expect(bar.getByRole('link', { name: 'ब्राउज़र में खोलें' })).toHaveAttribute(
      'href',
      `x-safari-${baseURL}/hi/contact`,
    );
    await bar.getByRole('button', { name: 'लिंक कॉपी करें' }).click();
    await expect(bar.getByRole('status')).toHaveText('लिंक कॉपी हो गया। इसे अपने ब्राउज़र में पेस्ट करें।');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/hi/contact`);
  });
});

test.describe("the contact page in an app's browser without script", () => {
  test.use({ ...PHONE, userAgent: INSTAGRAM_ANDROID, javaScriptEnabled: false });

  test('still opens the phone’s browser, and shows the link to select', async ({ page, baseURL }) => {
    await page.goto('/contact');
    const bar = page.getByRole('region', { name: 'Open this page in your browser' });
    await expect(bar.getByRole('link', { name: 'Open in browser' })).toBeVisible();
    // Copying needs script: the button stays hidden, the link is there to select.
    await expect(bar.getByRole('button', { name: 'Copy link' })).toBeHidden();
    await expect(bar.getByText(`This page's link: ${baseURL}/contact`)).toBeVisible();
  });
});

test.describe("the contact page in the phone's own browser", () => {
  test.use({ ...PHONE, userAgent: CHROME_ANDROID });

  test('shows no bar', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Open this page in your browser')).toHaveCount(0);
  });
});
