import { expect, test } from '@playwright/test';
import { collectErrors, contactFacts, linkDestination, siteSettings } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the Hindi landing page reads in Hindi, its FAQ opens one answer at a time, and its links stay in Hindi', async ({
  page,
  request,
}) => {
  const settings = await siteSettings(request);
  const facts = await contactFacts(request);
  const errors = collectErrors(page);
  await page.goto('/hi');

  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `अपनी ${settings.brandName} आईडी WhatsApp पर पाएँ`,
  );
  const getId = page.getByRole('link', { name: /WhatsApp पर आईडी पाएँ/ });
  expect(await linkDestination(request, await getId.getAttribute('href'))).toContain(
    encodeURIComponent(`नमस्ते ${settings.brandName} टीम`),
  );
  await expect(page.getByRole('link', { name: `${facts.phone} पर कॉल करें` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WhatsApp पर हमसे चैट करें (नए टैब में खुलता है)' })).toBeVisible();

  const faq = page.getByRole('region', { name: 'अक्सर पूछे जाने वाले सवाल' });
  const items = faq.locator('details');
  await expect(faq.locator('summary')).toHaveCount(6);
  await faq.locator('summary').nth(0).click();
  await expect(faq.getByRole('region', { name: `${settings.brandName} क्या है?` })).toBeVisible();
  await faq.locator('summary').nth(1).click();
  await expect(items.nth(0)).not.toHaveAttribute('open');

  // The link to every channel leads to the Hindi contact page, and the home link back to this page.
  await page.getByRole('link', { name: 'संपर्क के सभी तरीके और कामकाज का समय' }).click();
  await expect(page).toHaveURL(/\/hi\/contact$/);
  await page.goto('/hi/terms');
  await page.getByRole('link', { name: 'होम' }).first().click();
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `अपनी ${settings.brandName} आईडी WhatsApp पर पाएँ`,
  );
  await expect(page).toHaveTitle(`${settings.brandName} — WhatsApp पर अपनी आईडी और मदद पाएँ`);

  expect(errors).toEqual([]);
});
