import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  deleteInquiry,
  fillInquiryForm,
  inquiryFor,
  sendInquiry,
  signedInAsAdmin,
  storedInquiry,
  uniqueTag,
} from './support.ts';

// The inbox part reads the admin's pages; the contact form is the same for everyone.
test.use(signedInAsAdmin);

const PHONE_MESSAGE = 'Enter a valid phone number for the chosen country, e.g. 98765 43210';

async function openContactForm(page: Page): Promise<Locator> {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Write to us' }).click();
  return page.getByRole('dialog', { name: 'Send us a message' });
}

/** Sends the filled form and returns the new inquiry's id, from the server's answer. */
async function send(page: Page, dialog: Locator): Promise<string> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/contact-inquiries') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  await expect(dialog.getByRole('heading', { name: 'Message Sent Successfully!' })).toBeVisible();
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Sends the filled form, checks the number the server stored, and deletes the inquiry again. */
async function expectStoredPhone(
  page: Page,
  dialog: Locator,
  request: APIRequestContext,
  baseURL: string,
  e164: string,
) {
  const id = await send(page, dialog);
  try {
    expect((await storedInquiry(baseURL, id))?.phone).toBe(e164);
  } finally {
    await deleteInquiry(request, baseURL, id);
  }
}

for (const typed of ['9876543210', '98765 43210', '09876543210']) {
  test(`the contact form takes ${typed} with India chosen and stores +919876543210`, async ({
    page,
    request,
    baseURL,
  }) => {
    const dialog = await openContactForm(page);
    await expect(dialog.getByLabel('Country code')).toHaveValue('+91');
    await expect(dialog.getByLabel('Country code').locator('option:checked')).toHaveText('+91 India');
    await fillInquiryForm(dialog, inquiryFor(uniqueTag(), { phone: typed }));
    await expectStoredPhone(page, dialog, request, baseURL!, '+919876543210');
  });
}

test('the contact form reads a number with the chosen country, and says so when it is not a number', async ({
  page,
  request,
  baseURL,
}) => {
  const dialog = await openContactForm(page);
  const phone = dialog.getByLabel('Phone');
  await fillInquiryForm(dialog, inquiryFor(uniqueTag(), { phone: 'call me' }));

  // Not even the shape of a number: the page says so before sending anything.
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(phone).toHaveAccessibleDescription(PHONE_MESSAGE);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();

  // The shape of a number, but no Indian number: the server's message shows on the field.
  await phone.fill('55555 55555');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(phone).toHaveAccessibleDescription(PHONE_MESSAGE);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue('55555 55555');

  // A UK number typed the UK way, with the UK chosen.
  await dialog.getByLabel('Country code').selectOption('+44');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await phone.fill('020 7946 0000');
  await expectStoredPhone(page, dialog, request, baseURL!, '+442079460000');
});

test('the inbox shows a number in international form and finds it however it is typed', async ({
  page,
  request,
  baseURL,
}) => {
  const last = String(Date.now()).slice(-5);
  const national = `98765${last}`;
  const shown = `+91 98765 ${last}`;
  const inquiry = inquiryFor(uniqueTag(), { phone: national });
  // Sent without a country code: India is the default.
  const id = await sendInquiry(request, baseURL!, inquiry);
  try {
    await page.goto('/admin/inquiries');
    const searchBox = page.getByPlaceholder('Search inquiries...');
    for (const term of [national, `0${national}`, `98765 ${last}`, shown]) {
      await searchBox.fill(term);
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === term);
      const found = page
        .getByRole('row')
        .or(page.getByRole('listitem'))
        .filter({
          has: page.getByRole('button', { name: `Open inquiry from ${inquiry.name}`, exact: true }),
        });
      await expect(found).toHaveCount(1);
      await expect(found).toContainText(shown);
    }
    await page.getByRole('button', { name: `Open inquiry from ${inquiry.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Inquiry from ${inquiry.name}` });
    await expect(dialog).toContainText(shown);
    await expect(dialog.getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:+91${national}`);
  } finally {
    await deleteInquiry(request, baseURL!, id);
  }
});
