import { expect } from '@playwright/test';
import {
  createTeamMember,
  expectNoSeriousAxeViolations,
  inquiryFor,
  sendInquiry,
  signedOut,
  signInAs,
  TOASTER,
  test,
  toast,
  uniqueTag,
} from './support.ts';

test.use({ storageState: signedOut });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('an agent keeps a template, answers an inquiry with it, and the history says which', async ({
      page,
      request,
      baseURL,
    }) => {
      const tag = uniqueTag();
      const agent = { email: `${tag}@agents.example`, password: 'agent password 1', name: `Asha ${tag}` };
      await createTeamMember(baseURL!, { ...agent, role: 'agent' });
      await signInAs(page.context(), baseURL!, agent);
      const title = `Price ${tag}`;

      await page.goto('/admin/templates');
      const form = page.getByRole('form', { name: 'Add a template' });
      await form.getByLabel('Title').fill(title);
      await form.getByRole('button', { name: 'Add template' }).click();
      await expect(form.getByLabel('Text')).toHaveAccessibleDescription(/Text is required/);
      await form.getByLabel('Text').fill('Hello {name}, {service} costs [[price]].\n{agent}, {brand}');
      await form.getByRole('button', { name: 'Add template' }).click();
      await expect(toast(page, 'Template added', 'success')).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible();
      await expectNoSeriousAxeViolations(page, TOASTER);

      const inquiry = inquiryFor(tag);
      const id = await sendInquiry(request, baseURL!, inquiry);
      await page.goto(`/admin/inquiries?open=${id}`);
      const reply = page.getByRole('dialog').getByRole('region', { name: 'Reply' });
      await reply.getByRole('radio', { name: title }).check();
      // The blank must be filled before the reply can go.
      await expect(reply.getByRole('status')).toHaveText('Fill in price to send this reply.');
      await expect(reply.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
      await reply.getByLabel('Fill in: price').fill('₹500');
      const text = `Hello ${inquiry.name}, Digital Marketing costs ₹500.\n${agent.name}, `;
      await expect(reply.getByRole('figure')).toContainText(
        `Hello ${inquiry.name}, Digital Marketing costs ₹500.`,
      );
      const whatsapp = reply.getByRole('link', { name: /WhatsApp/ });
      const href = new URL((await whatsapp.getAttribute('href'))!);
      expect(href.origin + href.pathname).toBe('https://wa.me/919876543210');
      expect(href.searchParams.get('text')).toMatch(
        new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      const sms = new URL((await reply.getByRole('link', { name: 'SMS' }).getAttribute('href'))!);
      expect(sms.protocol).toBe('sms:');
      await expectNoSeriousAxeViolations(page, TOASTER);

      // WhatsApp opens in a tab of its own (not reached here); the inbox records it meanwhile.
      await page.context().route('https://wa.me/**', (route) => route.abort());
      await whatsapp.click();
      await expect(
        page.getByRole('dialog').getByText(`opened the WhatsApp reply link with the template “${title}”`),
      ).toBeVisible();

      // The dashboard's First response card: the team's figure, and this agent's own row only.
      await page.goto('/admin');
      const firstResponse = page.getByRole('region', { name: 'First response' });
      await expect(firstResponse.getByText('Median', { exact: true }).first()).toBeVisible();
      const rows = firstResponse
        .getByRole('table', { name: 'First responses by team member' })
        .getByRole('row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1).getByRole('rowheader')).toHaveText(agent.name);
      await expect(rows.nth(1).getByRole('cell').first()).toHaveText('1');
    });
  });
}
