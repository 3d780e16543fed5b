import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signedInAsAdmin, signedOut } from './support.ts';

/** Typed the Indian way, India being the default country; stored in E.164 and shown in international form. */
const WHATSAPP_TYPED = '98765-12340';
const WHATSAPP_SHOWN = '+91 98765 12340';
const WHATSAPP = '+919876512340';

test.use(signedInAsAdmin);

interface PublicChannel {
  _id: string;
  type: string;
  value: string;
}

/** What a visitor's contact page would get: the active channels in the admin's order. */
async function activeChannels(request: APIRequestContext): Promise<PublicChannel[]> {
  const response = await request.get('/api/contacts/active');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { contacts: PublicChannel[] };
  return body.contacts;
}

async function activeValues(request: APIRequestContext): Promise<string[]> {
  return (await activeChannels(request)).map((channel) => channel.value);
}

async function addChannel(page: Page, type: string, value: string, shown = value) {
  await page.getByRole('button', { name: 'Add New Contact' }).click();
  const form = page.getByRole('form', { name: 'Add New Contact' });
  await form.getByLabel('Contact Type').selectOption(type);
  await form.getByRole('textbox', { name: /^(Value|Link):$/ }).fill(value);
  await form.getByRole('button', { name: 'Add Contact', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: shown })).toBeVisible();
  // An earlier toast may still be showing (they last 3 s).
  await expect(page.getByText('Contact added successfully').first()).toBeVisible();
}

// A channel moved up must land just before this test's other one: no other test may add one meanwhile.
test('an admin adds, toggles, reorders and deletes a WhatsApp channel', { tag: '@exclusive' }, async ({
  page,
  request,
}) => {
  const website = `https://example.com/e2e-${Date.now()}`;
  await page.goto('/admin/dashboard');

  await page.getByRole('link', { name: 'Add Contact Info' }).click();
  await expect(page.getByRole('heading', { name: 'Contact Management' })).toBeVisible();

  // Add: the new channel is listed and published at once.
  await addChannel(page, 'whatsapp', WHATSAPP_TYPED, WHATSAPP_SHOWN);
  const whatsappRow = page.getByRole('listitem').filter({ hasText: WHATSAPP_SHOWN });
  await expect(whatsappRow.getByRole('link', { name: WHATSAPP_SHOWN })).toHaveAttribute(
    'href',
    'https://wa.me/919876512340',
  );
  await expect.poll(() => activeValues(request)).toContain(WHATSAPP);
  // Its buttons name the value, so two channels of one type are told apart by a screen reader.
  await expect(
    whatsappRow.getByRole('button', { name: `Edit WhatsApp ${WHATSAPP}`, exact: true }),
  ).toBeVisible();

  // Toggle: an inactive channel disappears from the public list, and comes back when reactivated.
  const activeSwitch = whatsappRow.getByRole('switch', { name: `WhatsApp ${WHATSAPP} active` });
  await activeSwitch.click();
  await expect(activeSwitch).not.toBeChecked();
  await expect(page.getByText('Contact deactivated').first()).toBeVisible();
  await expect.poll(() => activeValues(request)).not.toContain(WHATSAPP);
  await activeSwitch.click();
  await expect(activeSwitch).toBeChecked();
  await expect.poll(() => activeValues(request)).toContain(WHATSAPP);

  // Reorder: a second channel goes last; moving it up puts it before the WhatsApp channel.
  await addChannel(page, 'website', website);
  await expect
    .poll(async () => {
      const values = await activeValues(request);
      return values.indexOf(website) > values.indexOf(WHATSAPP);
    })
    .toBe(true);
  const websiteRow = page.getByRole('listitem').filter({ hasText: website });
  await websiteRow.getByRole('button', { name: `Move Website ${website} up` }).click();
  await expect
    .poll(async () => {
      const values = await activeValues(request);
      return values.indexOf(website) === values.indexOf(WHATSAPP) - 1;
    })
    .toBe(true);
  // Keyboard focus moves with the row (to its Move down button if it reached the top).
  await expect(websiteRow.locator(':focus')).toHaveAccessibleName(/^Move Website https:\S+ (up|down)$/);

  // Delete, after confirming in an accessible dialog.
  await whatsappRow.getByRole('button', { name: `Delete WhatsApp ${WHATSAPP}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this contact?');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Contact deleted successfully').first()).toBeVisible();
  await expect(whatsappRow).toHaveCount(0);
  await expect.poll(() => activeValues(request)).not.toContain(WHATSAPP);

  // Leave no data behind for other specs.
  await websiteRow.getByRole('button', { name: `Delete Website ${website}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(websiteRow).toHaveCount(0);
  await expect.poll(() => activeValues(request)).not.toContain(website);
});

test("a channel's description shows on the contact card only when the owner says so, in Hindi on /hi", async ({
  page,
  request,
  baseURL,
}) => {
  const website = `https://example.com/rates-${Date.now()}`;
  const english = `Our rate list, updated weekly ${Date.now()}`;
  const hindi = 'हमारी रेट लिस्ट, हर हफ़्ते नई';
  await page.goto('/admin/contact');
  await page.getByRole('button', { name: 'Add New Contact' }).click();
  const form = page.getByRole('form', { name: 'Add New Contact' });
  await form.getByLabel('Contact Type').selectOption('website');
  await form.getByRole('textbox', { name: 'Link:' }).fill(website);
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill(english);
  const hindiField = form.getByRole('textbox', { name: 'Description in Hindi (optional)' });
  await expect(hindiField).toHaveAttribute('lang', 'hi');
  await hindiField.fill(hindi);
  const show = form.getByRole('switch', { name: 'Show the description on the contact page' });
  await expect(show).not.toBeChecked();
  await show.click();
  await form.getByRole('button', { name: 'Add Contact', exact: true }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('listitem').filter({ hasText: english });
  await expect(row.getByText(hindi)).toBeVisible();
  await expect(row.getByText('Shown on the contact page')).toBeVisible();
  const id = (await activeChannels(request)).find((channel) => channel.value === website)?._id;
  expect(id).toBeTruthy();

  try {
    const visitor = await page.context().browser()!.newPage({ baseURL, storageState: signedOut });
    const card = () => visitor.getByRole('article').filter({ hasText: 'example.com/rates-' });
    await visitor.goto('/contact');
    await expect(card().getByText(english)).toBeVisible();
    await expect(card().getByText(hindi)).toHaveCount(0);
    await visitor.goto('/hi/contact');
    await expect(card().getByText(hindi)).toBeVisible();
    await expect(card().getByText(english)).toHaveCount(0);

    // The Hindi text emptied in the edit form: the Hindi page shows the English one.
    await row.getByRole('button', { name: `Edit Website ${website}`, exact: true }).click();
    const edit = page.getByRole('form', { name: `Edit Website ${website}` });
    await edit.getByRole('textbox', { name: 'Description in Hindi (optional)' }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contact updated successfully').first()).toBeVisible();
    await visitor.goto('/hi/contact');
    await expect(card().getByText(english)).toBeVisible();

    // Switched off, the description is a note for the admin list again.
    await row.getByRole('button', { name: `Edit Website ${website}`, exact: true }).click();
    await edit.getByRole('switch', { name: 'Show the description on the contact page' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByText('Shown on the contact page')).toHaveCount(0);
    await visitor.goto('/contact');
    await expect(card()).toBeVisible();
    await expect(card().getByText(english)).toHaveCount(0);
    await visitor.close();
  } finally {
    const deleted = await request.delete(`/api/contacts/${id}`, { headers: { origin: baseURL! } });
    expect(deleted.ok()).toBe(true);
  }
});
