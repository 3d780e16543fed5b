import { expect } from '@playwright/test';
import {
  ageInquiry,
  deleteInquiry,
  inquiryFor,
  sendInquiry,
  signedInAsAdmin,
  test,
  toast,
  uniqueTag,
} from './support.ts';

test.use({ ...signedInAsAdmin, viewport: { width: 390, height: 844 } });

test('an inquiry nobody answered for longer than the set business hours is marked Overdue until a reply', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = uniqueTag();
  const inquiry = inquiryFor(tag);
  const id = await sendInquiry(request, baseURL!, inquiry);
  try {
    // A week and a half of waiting holds many more business hours than any setting allows.
    await ageInquiry(baseURL!, id, 10);
    await page.goto('/admin/settings');
    const inbox = page.getByRole('region', { name: 'Inbox', exact: true });
    const hours = inbox.getByLabel('Overdue after (business hours)');
    await hours.fill('0');
    await inbox.getByRole('button', { name: 'Save' }).click();
    await expect(hours).toHaveAccessibleDescription(/Enter a whole number of hours from 1 to 72/);
    await hours.fill('2');
    await inbox.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Inbox settings saved', 'success')).toBeVisible();

    await page.goto(`/admin/inquiries?q=${tag}`);
    const card = page.getByRole('listitem').filter({ hasText: inquiry.name });
    await expect(card.getByText('Overdue', { exact: true })).toBeVisible();

    // A reply link opened is a first response: no longer overdue.
    await card.getByRole('button', { name: `Open inquiry from ${inquiry.name}` }).click();
    const reply = page.getByRole('dialog').getByRole('region', { name: 'Reply' });
    await reply.getByRole('link', { name: 'Call' }).click();
    await expect(page.getByRole('dialog').getByText('opened the call link')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.reload();
    await expect(card).toBeVisible();
    await expect(card.getByText('Overdue', { exact: true })).toHaveCount(0);
  } finally {
    await request.put('/api/admin/settings/inbox', {
      data: { overdueAfterHours: 4 },
      headers: { origin: baseURL! },
    });
    await deleteInquiry(request, baseURL!, id);
  }
});
