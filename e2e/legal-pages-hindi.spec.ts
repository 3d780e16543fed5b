import { expect, test } from '@playwright/test';
import { collectErrors, expectNoSeriousAxeViolations, siteSettings } from './support.ts';

/** A long date in Hindi, as hi-IN writes it: "25 नवंबर 2026". */
const HINDI_DATE = /^\d{1,2} [\u0900-\u097F]+ \d{4}$/;

test('the Hindi terms page works in Hindi, and leads to the Hindi privacy page', async ({
  page,
  request,
}) => {
  const settings = await siteSettings(request);
  const errors = collectErrors(page);
  await page.goto('/hi/terms');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page).toHaveTitle(`नियम और शर्तें | ${settings.brandName}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('नियम और शर्तें');

  const overview = page.getByRole('tabpanel', { name: 'एक नज़र में' });
  await expect(overview.getByRole('heading', { name: 'मुख्य शर्तें एक नज़र में' })).toBeVisible();
  await expect(overview.getByRole('link', { name: 'सहायता टीम से संपर्क करें' })).toHaveAttribute(
    'href',
    '/hi/contact',
  );
  // The date is in Hindi, whatever the browser's own language (here English).
  const detailedTab = page.getByRole('tab', { name: 'पूरी शर्तें' });
  await expect(page.getByText('आख़िरी अपडेट:')).toBeVisible();
  await expect(page.locator('time')).toHaveText(HINDI_DATE);
  await expectNoSeriousAxeViolations(page);

  await detailedTab.click();
  const detailed = page.getByRole('tabpanel', { name: 'पूरी शर्तें' });
  await detailed.locator('summary').filter({ hasText: 'मना किए गए काम' }).click();
  const prohibited = detailed.getByRole('region', { name: 'मना किए गए काम' });
  await expect(prohibited.getByRole('listitem').filter({ hasText: 'मैलवेयर' })).toContainText('उच्च गंभीरता');

  // A page load (the legal pages hydrate no app: decision 062), in Hindi.
  await page.getByRole('navigation', { name: 'फ़ुटर' }).getByRole('link', { name: 'निजता' }).click();
  await expect(page).toHaveURL(/\/hi\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('प्राइवेसी पॉलिसी');
  await expect(page).toHaveTitle(`प्राइवेसी पॉलिसी | ${settings.brandName}`);
  const privacyOverview = page.getByRole('tabpanel', { name: 'प्राइवेसी एक नज़र में' });
  await expect(privacyOverview.getByRole('heading', { name: 'हम क्या नहीं लेते' })).toBeVisible();
  await expect(privacyOverview.getByRole('link', { name: 'अपना खाता हटाएँ' })).toHaveAttribute(
    'href',
    '/hi/delete-account',
  );
  await expect(page.getByRole('link', { name: `${settings.supportEmail} पर ईमेल करें` })).toHaveAttribute(
    'href',
    `mailto:${settings.supportEmail}`,
  );
  expect(errors).toEqual([]);
});

test('the language switch on the English terms page opens them in Hindi', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/terms');
  const englishDate = await page.locator('time').textContent();
  // The English page shows the date in English.
  await expect(page.locator('time')).not.toHaveText(HINDI_DATE);
  expect(englishDate).toMatch(/[A-Za-z]/);

  await page.getByRole('link', { name: 'यह पेज हिन्दी में पढ़ें' }).first().click();
  await expect(page).toHaveURL(/\/hi\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('नियम और शर्तें');
  await expect(page.getByRole('tab', { name: 'एक नज़र में' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('time')).toHaveText(HINDI_DATE);
  expect(errors).toEqual([]);
});
