import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  E2E_INQUIRY_CHALLENGE_AFTER_PER_HOUR,
  E2E_INQUIRY_LIMIT_PER_SENDER_PER_HOUR,
} from '../playwright.config.ts';
import { addressOfItsOwn, collectErrors, inquiryFor, test, uniqueTag } from './support.ts';

/**
 * The contact form on the Hindi page (issue 20): whatever the form or the server refuses is said in Hindi
 * under its field or in the form's alert, the server's English words never shown.
 */

const digits = (count: number) => String(randomInt(10 ** count)).padStart(count, '0');

async function openHindiContactPage(page: Page) {
  // A page of islands: its script has started by the `load` event (decision 062).
  await page.goto('/hi/contact');
}

/** Opens the form from the Hindi page and gives its labelled fields, as a Hindi reader finds them. */
async function openHindiForm(page: Page) {
  await page.getByRole('button', { name: 'हमें लिखें' }).click();
  const dialog = page.getByRole('dialog', { name: 'हमें संदेश भेजें' });
  await expect(dialog).toBeVisible();
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  return {
    dialog,
    name: field('नाम'),
    phone: field('फ़ोन'),
    email: field('ईमेल'),
    city: field('शहर'),
    service: field('सेवा'),
    query: field('आपका सवाल'),
    send: dialog.getByRole('button', { name: 'संदेश भेजें' }),
  };
}

/**
 * Spends the hour's messages of one email address, as the server counts them: from several addresses (each
 * below the number after which a connection must solve a proof of work), each with a phone of its own, and
 * with the honeypot filled in, so nothing is stored.
 */
async function spendSenderLimit(request: APIRequestContext, baseURL: string, email: string) {
  const perAddress = E2E_INQUIRY_CHALLENGE_AFTER_PER_HOUR;
  const addresses = Math.ceil(E2E_INQUIRY_LIMIT_PER_SENDER_PER_HOUR / perAddress);
  const BATCH = 10;
  for (let address = 0; address < addresses; address++) {
    const headers = { origin: baseURL, 'x-forwarded-for': addressOfItsOwn() };
    const posts = Math.min(perAddress, E2E_INQUIRY_LIMIT_PER_SENDER_PER_HOUR - address * perAddress);
    for (let sent = 0; sent < posts; sent += BATCH) {
      const statuses = await Promise.all(
        Array.from({ length: Math.min(BATCH, posts - sent) }, () =>
          request
            .post('/api/contact-inquiries', {
              headers,
              data: {
                ...inquiryFor(uniqueTag(), { email, phone: `+91 97${digits(8)}` }),
                website: 'https://spam.example',
              },
            })
            .then((response) => response.status()),
        ),
      );
      expect(statuses.every((status) => status === 201)).toBe(true);
    }
  }
}

test('an empty form on /hi/contact shows a Hindi message under each field', async ({ page }) => {
  const errors = collectErrors(page);
  await openHindiContactPage(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('हमसे जुड़ें');

  const form = await openHindiForm(page);
  await form.send.click();
  await expect(form.name).toHaveAccessibleDescription('कृपया अपना नाम लिखें');
  await expect(form.phone).toHaveAccessibleDescription('कृपया अपना फ़ोन नंबर लिखें');
  await expect(form.email).toHaveAccessibleDescription('कृपया अपना ईमेल लिखें');
  await expect(form.city).toHaveAccessibleDescription('कृपया अपना शहर लिखें');
  await expect(form.service).toHaveAccessibleDescription('कृपया कोई सेवा चुनें');
  await expect(form.query).toHaveAccessibleDescription('कृपया अपना सवाल लिखें');
  await expect(form.name).toBeFocused();
  await expect(form.dialog).not.toContainText(/required|Select a service/);

  // A phone that is not one, and an email that is not one: their own Hindi messages.
  await form.phone.fill('call me');
  await form.email.fill('not-an-email');
  await form.send.click();
  await expect(form.phone).toHaveAccessibleDescription('चुने गए देश का सही फ़ोन नंबर लिखें, जैसे 98765 43210');
  await expect(form.email).toHaveAccessibleDescription('कृपया सही ईमेल पता लिखें');
  // The country picker names the countries in Hindi.
  await expect(form.dialog.getByLabel('देश का कोड')).toContainText('+91 भारत');
  expect(errors).toEqual([]);
});

test('a message over the server’s limit is refused in Hindi on /hi/contact', async ({
  page,
  request,
  baseURL,
}) => {
  const inquiry = inquiryFor(uniqueTag(), { phone: `+91 98${digits(8)}` });
  await spendSenderLimit(request, baseURL!, inquiry.email);

  await page.setExtraHTTPHeaders({ 'x-forwarded-for': addressOfItsOwn() });
  await openHindiContactPage(page);
  const form = await openHindiForm(page);
  await form.name.fill(inquiry.name);
  await form.phone.fill(inquiry.phone);
  await form.email.fill(inquiry.email);
  await form.city.fill(inquiry.city);
  await form.service.selectOption(inquiry.service);
  await form.query.fill(inquiry.query);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact-inquiries'));
  await form.send.click();
  const refused = await answer;
  expect(refused.status()).toBe(429);
  const minutes = Math.ceil(Number(await refused.headerValue('retry-after')) / 60);

  await expect(form.dialog.getByRole('alert')).toHaveText(
    `बहुत ज़्यादा संदेश भेजे जा चुके हैं। कृपया ${minutes} मिनट बाद फिर से कोशिश करें।`,
  );
  // Everything typed stays, to send later.
  await expect(form.email).toHaveValue(inquiry.email);
  await expect(form.query).toHaveValue(inquiry.query);
  await expect(form.send).toBeEnabled();
});
