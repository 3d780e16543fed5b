import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signIn } from './support.ts';

const WHATSAPP = '+91 98765-43210';

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

async function addChannel(page: Page, type: string, value: string) {
  await page.getByRole('button', { name: 'Add New Contact' }).click();
  const form = page.getByRole('form', { name: 'Add New Contact' });
  await form.getByLabel('Contact Type').selectOption(type);
  await form.getByRole('textbox', { name: /^(Value|Link):$/ }).fill(value);
  await form.getByRole('button', { name: 'Add Contact', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: value })).toBeVisible();
  // An earlier toast may still be showing (they last 3 s).
  await expect(page.getByText('Contact added successfully').first()).toBeVisible();
}

test('an admin adds, toggles, reorders and deletes a WhatsApp channel', async ({ page, request }) => {
  const website = `https://example.com/e2e-${Date.now()}`;
  await signIn(page);

  await page.getByRole('link', { name: 'Add Contact Info' }).click();
  await expect(page.getByRole('heading', { name: 'Contact Management' })).toBeVisible();

  // Add: the new channel is listed and published at once.
  await addChannel(page, 'whatsapp', WHATSAPP);
  const whatsappRow = page.getByRole('listitem').filter({ hasText: WHATSAPP });
  await expect(whatsappRow.getByRole('link', { name: WHATSAPP })).toHaveAttribute(
    'href',
    'https://wa.me/919876543210',
  );
  await expect.poll(() => activeValues(request)).toContain(WHATSAPP);

  // Toggle: an inactive channel disappears from the public list, and comes back when reactivated.
  const activeSwitch = whatsappRow.getByRole('switch', { name: 'WhatsApp active' });
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
  await websiteRow.getByRole('button', { name: 'Move Website up' }).click();
  await expect
    .poll(async () => {
      const values = await activeValues(request);
      return values.indexOf(website) === values.indexOf(WHATSAPP) - 1;
    })
    .toBe(true);
  // Keyboard focus moves with the row (to its Move down button if it reached the top).
  await expect(websiteRow.locator(':focus')).toHaveAccessibleName(/^Move Website (up|down)$/);

  // Delete, after confirming in an accessible dialog.
  await whatsappRow.getByRole('button', { name: 'Delete WhatsApp' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this contact?');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Contact deleted successfully').first()).toBeVisible();
  await expect(whatsappRow).toHaveCount(0);
  await expect.poll(() => activeValues(request)).not.toContain(WHATSAPP);

  // Leave no data behind for other specs.
  await websiteRow.getByRole('button', { name: 'Delete Website' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(websiteRow).toHaveCount(0);
  await expect.poll(() => activeValues(request)).not.toContain(website);
});

test('after logging out, every admin address leads to the login page', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The server ended the session: the admin API refuses this browser now.
  expect((await page.request.get('/api/contacts')).status()).toBe(401);

  for (const path of ['/admin', '/admin/contact', '/ContactAdmin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  }
});

test('the login page returns to the screen that was asked for', async ({ page }) => {
  await page.goto('/ContactAdmin');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2FContactAdmin$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/ContactAdmin$/);
  await expect(page.getByRole('heading', { name: 'Contact Management' })).toBeVisible();

  // The wrong password above is told, until dismissed.
  const notice = page.getByRole('alert').filter({ hasText: 'failed sign-in' });
  await expect(notice).toContainText(
    /^1 failed sign-in attempt (since your last sign-in on .+|before this first sign-in)\./,
  );
  await expect(notice.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/admin/profile');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
});
