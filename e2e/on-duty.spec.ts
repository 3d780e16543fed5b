import { expect } from '@playwright/test';
import {
  BUSINESS_CHANNELS,
  expectNoSeriousAxeViolations,
  PHONE_BROWSER,
  signedInAsAdmin,
  TOASTER,
  test,
  toast,
} from './support.ts';

test.use({ ...signedInAsAdmin, viewport: { width: 390, height: 844 } });

const DUTY_PATH = '/api/admin/profile/duty';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const digits = (phone: string) => phone.replace(/\D/g, '');

/** Where the site's WhatsApp button sends a visitor now. */
async function whatsappLanding(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const response = await request.get('/go/whatsapp', {
    maxRedirects: 0,
    headers: { 'user-agent': PHONE_BROWSER },
  });
  expect(response.status()).toBe(302);
  return /^https:\/\/wa\.me\/(\d+)/.exec(response.headers().location ?? '')?.[1] ?? '';
}

// While the admin is on duty every visitor's WhatsApp goes to them: no other test may run meanwhile.
test('a member sets their duty in My Profile, and the site’s WhatsApp reaches them until they are away', {
  tag: '@exclusive',
}, async ({ page, baseURL }) => {
  const noDuty = { whatsapp: '', phone: '', week: WEEKDAYS.map(() => []), away: false };
  try {
    await page.goto('/admin/profile');
    const card = page.getByRole('region', { name: 'On duty' });
    await expect(card.getByText('Off duty')).toHaveCount(7, { timeout: 20_000 });
    await card.getByLabel('My WhatsApp number').fill('98111 22233');
    await card.getByLabel('My number for calls').fill('12');
    await card.getByRole('button', { name: 'Save my duty' }).click();
    await expect(card.getByLabel('My number for calls')).toHaveAccessibleDescription(
      /Enter a valid phone number/,
    );
    await card.getByLabel('My number for calls').fill('');

    // On duty round the clock but for a minute: from 6 in the morning to 5:59 the next.
    for (const weekday of WEEKDAYS) {
      await card.getByRole('button', { name: `Add hours on ${weekday}` }).click();
      await card.getByLabel(`From, ${weekday}`).fill('06:00');
      await card.getByLabel(`To, ${weekday}`).fill('05:59');
    }
    await card.getByRole('button', { name: 'Save my duty' }).click();
    await expect(toast(page, 'Duty saved', 'success')).toBeVisible();
    await expectNoSeriousAxeViolations(page, TOASTER);
    expect(await whatsappLanding(page.request)).toBe('919811122233');
    // The dashboard counts that visitor for them.
    await page.goto('/admin');
    const sent = page.getByRole('region', { name: 'Sent to those on duty' });
    await expect(sent.getByRole('listitem')).toContainText([/1 WhatsApp chat, 0 calls/]);
    await page.goto('/admin/profile');

    await card.getByRole('switch', { name: 'I am away' }).click();
    await card.getByRole('button', { name: 'Save my duty' }).click();
    await expect(card.getByRole('switch', { name: 'I am away' })).toBeChecked();
    await expect.poll(() => whatsappLanding(page.request)).toBe(digits(BUSINESS_CHANNELS[0].value));

    // What was saved is what the card shows again.
    await page.reload();
    await expect(card.getByLabel('My WhatsApp number')).toHaveValue('+919811122233');
    await expect(card.getByLabel('From, Sunday')).toHaveValue('06:00');

    // The Team screen: the administrator's share, saved on its own; they are away now.
    await page.goto('/admin/team');
    const onDuty = page.getByRole('region', { name: 'On duty' });
    await expect(onDuty.getByText('Away')).toBeVisible();
    await onDuty
      .getByRole('spinbutton', { name: /^Share, / })
      .first()
      .fill('3');
    await onDuty.getByRole('button', { name: 'Save' }).first().click();
    await expect(toast(page, /^Share saved: .+, 3$/, 'success')).toBeVisible();

    // Settings: new inquiries may go to whoever is on duty; the switch saves as it is switched.
    await page.goto('/admin/settings');
    const assign = page.getByRole('switch', { name: 'Assign new inquiries to whoever is on duty' });
    await assign.click();
    await expect(toast(page, 'Duty settings saved', 'success')).toBeVisible();
    await page.reload();
    await expect(assign).toBeChecked();
    await assign.click();
    await expect(assign).not.toBeChecked();
  } finally {
    await page.request.put('/api/admin/settings/duty', {
      data: { assignInquiries: false },
      headers: { origin: baseURL! },
    });
    const cleared = await page.request.put(DUTY_PATH, { data: noDuty, headers: { origin: baseURL! } });
    expect(cleared.status()).toBe(200);
  }
});
