import { expect, type Page } from '@playwright/test';
import {
  BUSINESS_CHANNELS,
  deleteInquiry,
  inquiryFor,
  linkDestination,
  linkDestinations,
  sendInquiry,
  signedInAsAdmin,
  siteSettings,
  test,
  uniqueTag,
} from './support.ts';

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * Where every WhatsApp link of the page leads (the hero's button, the WhatsApp card and the floating button),
 * through their counted links (decision 035).
 */
async function whatsappLinks(page: Page): Promise<string[]> {
  return (await linkDestinations(page, 'a[href^="/go/"]')).filter((href) =>
    href.startsWith('https://wa.me/'),
  );
}

// The new channel is moved first in the admin's order, which every page shows: no other test may run meanwhile.
test('adding a WhatsApp channel with a new number changes the landing page’s WhatsApp links', {
  tag: '@exclusive',
}, async ({ page, adminRequest, baseURL }) => {
  const business = digits(BUSINESS_CHANNELS[0].value);
  const n = String(Date.now()).slice(-8);
  const number = `+91 9${n.slice(0, 4)} ${n.slice(4)}7`;

  await page.goto('/');
  const before = await whatsappLinks(page);
  expect(before).toHaveLength(3);
  for (const href of before) expect(href).toMatch(new RegExp(`^https://wa\\.me/${business}\\?text=`));

  const added = await adminRequest.post('/api/contacts', {
    data: { type: 'whatsapp', value: number },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { contact: { _id: string } }).contact._id;
  try {
    // Added last, it is not the first WhatsApp channel yet; moved first, it is.
    const moved = await adminRequest.patch(`/api/contacts/${id}`, {
      data: { position: 0 },
      headers: { origin: baseURL! },
    });
    expect(moved.status()).toBe(200);

    await page.goto('/');
    const leadsTo = async (name: string | RegExp) =>
      linkDestination(page.request, await page.getByRole('link', { name }).getAttribute('href'));
    expect(await leadsTo(/Get an ID on WhatsApp/)).toMatch(
      new RegExp(`^https://wa\\.me/${digits(number)}\\?text=`),
    );
    expect(await leadsTo('Chat with us on WhatsApp (opens in a new tab)')).toMatch(
      new RegExp(`^https://wa\\.me/${digits(number)}\\?text=`),
    );
    const contact = page.getByRole('region', { name: 'Talk to us' });
    await expect(contact).toContainText(number);
    const after = await whatsappLinks(page);
    expect(after).toHaveLength(3);
    for (const href of after) expect(href).toMatch(new RegExp(`^https://wa\\.me/${digits(number)}\\?text=`));
  } finally {
    await adminRequest.delete(`/api/contacts/${id}`, { headers: { origin: baseURL! } });
  }
  await page.goto('/');
  for (const href of await whatsappLinks(page))
    expect(href).toMatch(new RegExp(`^https://wa\\.me/${business}\\?`));
});

test.describe('the back office', () => {
  test.use(signedInAsAdmin);

  test('the Settings screen has no phone, WhatsApp or Telegram field, and picks the time zone from a list', async ({
    page,
  }) => {
    const settings = await siteSettings(page.request);
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Site settings' });
    await expect(form.getByLabel('Brand name')).toHaveValue(settings.brandName);
    for (const label of [/phone/i, /whatsapp/i, /telegram/i]) {
      await expect(form.getByRole('textbox', { name: label })).toHaveCount(0);
    }
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue(settings.timeZone);
    await expect(zone.locator('option[value="Asia/Kolkata"]')).toHaveCount(1);
    await expect(zone.locator('option[value="Europe/London"]')).toHaveCount(1);
  });

  test.describe('seen from another time zone', () => {
    // The owner's browser is in New York; the business is in India (the default time zone).
    test.use({ timezoneId: 'America/New_York' });

    test('a date in the inbox shows in the business’s time zone', async ({ page, baseURL }) => {
      const settings = await siteSettings(page.request);
      expect(settings.timeZone).toBe('Asia/Kolkata');
      const tag = uniqueTag();
      const inquiry = inquiryFor(tag);
      const id = await sendInquiry(page.request, baseURL!, inquiry);
      try {
        await page.goto(`/admin/inquiries?q=${tag}`);
        const row = page
          .getByRole('row')
          .or(page.getByRole('listitem'))
          .filter({
            has: page.getByRole('button', { name: `Open inquiry from ${inquiry.name}`, exact: true }),
          });
        const time = row.locator('time').first();
        await expect(time).not.toBeEmpty();
        const created = await time.getAttribute('datetime');
        const [inIndia, inNewYork] = await page.evaluate((iso) => {
          const format = (timeZone?: string) =>
            new Intl.DateTimeFormat(undefined, {
              dateStyle: 'medium',
              timeStyle: 'short',
              ...(timeZone ? { timeZone } : {}),
            }).format(new Date(iso));
          return [format('Asia/Kolkata'), format()];
        }, created!);
        expect(inIndia).not.toBe(inNewYork);
        await expect(time).toHaveText(inIndia);
      } finally {
        await deleteInquiry(page.request, baseURL!, id);
      }
    });
  });
});
