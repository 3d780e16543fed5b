import { expect, test } from '@playwright/test';
import { EMAIL_OFF_MESSAGE } from '../src/shared/rules/notifications.ts';
import { expectNoSeriousAxeViolations, signedInAsAdmin, TOASTER, toast } from './support.ts';

test.use(signedInAsAdmin);

const PREFERENCES_PATH = '/api/admin/profile/notifications';
const DEFAULT_PREFERENCES = { email: true, digest: { enabled: false, hour: 9, unreadHours: 12 } };

// The e2e servers run without SMTP_URL: email is off, and the preferences are still kept for when it is on.
test('a user chooses their notifications in My Profile, and Settings says how to turn email on', async ({
  page,
}) => {
  const myProfile = page.getByRole('heading', { name: 'My Profile', level: 1 });
  try {
    await page.goto('/admin/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    const card = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect(card.getByText(EMAIL_OFF_MESSAGE, { exact: false })).toBeVisible();
    const email = card.getByRole('switch', { name: 'Email me each new inquiry' });
    const digest = card.getByRole('switch', { name: 'Daily digest' });
    await expect(email).toBeChecked();
    await expect(digest).not.toBeChecked();
    const hour = card.getByLabel('Digest time');
    await expect(hour).toHaveValue('9');
    await expect(hour.locator('option:checked')).toHaveText(/^09:00 \(.+\)$/);
    await expectNoSeriousAxeViolations(page, TOASTER);

    // A bad number is explained under its field and nothing is saved.
    const unread = card.getByLabel('Unread for at least (hours)');
    await unread.fill('0');
    await card.getByRole('button', { name: 'Save notification preferences' }).click();
    await expect(unread).toHaveAccessibleDescription(/Enter a number of hours from 1 to 72/);

    await email.click();
    await digest.click();
    await hour.selectOption('18');
    await unread.fill('6');
    await card.getByRole('button', { name: 'Save notification preferences' }).click();
    await expect(toast(page, 'Notification preferences saved', 'success')).toBeVisible();

    // What was saved is what the screen shows after a reload.
    await page.reload();
    await expect(myProfile).toBeVisible({ timeout: 20_000 });
    await expect(email).not.toBeChecked();
    await expect(digest).toBeChecked();
    await expect(hour).toHaveValue('18');
    await expect(unread).toHaveValue('6');

    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({ timeout: 20_000 });
    const settings = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect(settings.getByText(EMAIL_OFF_MESSAGE)).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Send test email' })).toHaveCount(0);
    // Other tests post inquiries to the same server meanwhile: the count is whatever waits at that moment.
    await expect(settings).toContainText(/Waiting to be sent or tried again: \d+/);
    await expect(settings.getByText('No notification has been given up.')).toBeVisible();
  } finally {
    const reset = await page.request.put(PREFERENCES_PATH, {
      data: DEFAULT_PREFERENCES,
      headers: { origin: new URL(page.url()).origin },
    });
    expect(reset.status()).toBe(200);
  }
});
