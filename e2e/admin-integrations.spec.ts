import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_TOKEN_MESSAGES } from '../src/shared/rules/api-tokens.ts';
import { WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from '../src/shared/rules/webhooks.ts';
import {
  asConfirmedAdmin,
  createTeamMember,
  deleteInquiry,
  expectNoSeriousAxeViolations,
  inquiryFor,
  sendInquiry,
  signedOut,
  signInAs,
  TOASTER,
  toast,
  uniqueTag,
} from './support.ts';

asConfirmedAdmin();

interface ReceivedDelivery {
  signature: string;
  body: string;
}

/** A webhook receiver on 127.0.0.1 (port 0): it records every POST and answers 200. */
async function startReceiver() {
  const received: ReceivedDelivery[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/sampark`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a delivery's `t=<seconds>,v1=<hex>` header is the HMAC-SHA256 of "<t>.<body>" with the secret. */
function signedWith(secret: string, delivery: ReceivedDelivery): boolean {
  const parts = Object.fromEntries(delivery.signature.split(',').map((part) => part.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest('hex');
  return typeof parts.v1 === 'string' && parts.v1 === expected;
}

/** Nothing on the page is wider than the screen: no sideways scrolling on a phone. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

function shownSecret(dialog: Locator): Locator {
  return dialog.locator('dd code');
}

/** Deletes every webhook pointing at `url` (test clean-up, whatever failed before). */
async function deleteWebhooksTo(request: APIRequestContext, baseURL: string, url: string) {
  const list = await request.get('/api/admin/webhooks');
  if (!list.ok()) return;
  const { endpoints } = (await list.json()) as { endpoints: { _id: string; url: string }[] };
  for (const entry of endpoints.filter((listed) => listed.url === url)) {
    await request.delete(`/api/admin/webhooks/${entry._id}`, { headers: { origin: baseURL } });
  }
}

function webhooksCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Webhooks', exact: true });
}

async function openSettings(page: Page) {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({ timeout: 20_000 });
}

// Both webhook tests run alone on their server (@exclusive): their webhooks take every inquiry another test
// posts, which would fill the log that should be empty and hide which delivery is this test's.
test('an administrator adds a webhook, sees its secret once, turns it off and on, and deletes it', {
  tag: '@exclusive',
}, async ({ page, baseURL }) => {
  const url = `http://127.0.0.1:9/hooks/${uniqueTag()}`;
  const description = `Inquiries to the sheet ${uniqueTag()}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 360, height: 800 });

  try {
    await openSettings(page);
    const card = webhooksCard(page);

    // Checked in the browser first: the URL kept, the events asked for, nothing sent.
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Description (optional)').fill(description);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(
      WEBHOOK_MESSAGES.noEvents,
    );
    await expect(dialog.getByLabel('URL')).toHaveValue(url);

    // The server's refusal goes under its field, and what was typed stays.
    await dialog.getByRole('checkbox', { name: /A new inquiry arrives/ }).check();
    await dialog.getByLabel('URL').fill('https://user:password@hooks.example.in/sampark');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByLabel('URL')).toHaveAccessibleDescription(
      new RegExp(`${WEBHOOK_MESSAGES.urlWithCredentials}$`),
    );
    await expect(dialog.getByLabel('Description (optional)')).toHaveValue(description);
    await expect(dialog.getByRole('checkbox', { name: /A new inquiry arrives/ })).toBeChecked();

    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('checkbox', { name: /A blog post is published/ }).check();
    await expectNoSeriousAxeViolations(page, TOASTER);
    await expectNoHorizontalScroll(page);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    // The secret, once, with Copy.
    const added = page.getByRole('dialog', { name: 'Webhook added' });
    await expect(added).toContainText('This signing secret is shown only once.');
    await expect(added).toContainText(url);
    const secret = (await shownSecret(added).textContent()) ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(16);
    await added.getByRole('button', { name: 'Copy secret' }).click();
    await expect(added.getByRole('status')).toHaveText('Signing secret copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoHorizontalScroll(page);
    await added.getByRole('button', { name: 'Done' }).click();
    await expect(added).toBeHidden();

    const endpoint = card.getByRole('listitem').filter({ hasText: url }).first();
    await expect(endpoint).toContainText(description);
    await expect(endpoint.getByRole('list', { name: 'Events' })).toHaveText(
      /inquiry\.created\s*post\.published/,
    );
    const onOff = endpoint.getByRole('switch', { name: `Send events to ${url}` });
    await expect(onOff).toBeChecked();
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();
    // The secret is gone for good: nothing on the page shows it again.
    await expect(page.getByText(secret)).toHaveCount(0);

    // Nothing sent yet: the log says so.
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('region', { name: `Delivery log of ${url}` });
    await expect(log).toContainText('Nothing has been sent yet');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page, TOASTER);

    // Off, then on again; a reload shows what was saved.
    await onOff.click();
    await expect(toast(page, WEBHOOK_MESSAGES.updated, 'success').first()).toBeVisible();
    await expect(onOff).not.toBeChecked();
    await expect(endpoint.getByText('Off', { exact: true })).toBeVisible();
    await page.reload();
    await expect(onOff).not.toBeChecked();
    await onOff.click();
    await expect(onOff).toBeChecked();
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();

    // Deleted, after a confirmation.
    await endpoint.getByRole('button', { name: `Delete webhook ${url}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, WEBHOOK_MESSAGES.deleted, 'success')).toBeVisible();
    await expect(card.getByText(url)).toHaveCount(0);
  } finally {
    await deleteWebhooksTo(page.request, baseURL!, url);
  }
});

test("a new inquiry reaches a webhook's receiver, signed, and shows delivered in its log, from where it is redelivered", {
  tag: '@exclusive',
}, async ({ page, baseURL }) => {
  const receiver = await startReceiver();
  const tag = uniqueTag();
  let inquiryId: string | undefined;
  await page.setViewportSize({ width: 360, height: 800 });

  try {
    const created = await page.request.post('/api/admin/webhooks', {
      data: { url: receiver.url, description: `Receiver ${tag}`, events: ['inquiry.created'] },
      headers: { origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { secret } = ((await created.json()) as { data: { secret: string } }).data;

    // A visitor's inquiry reaches the receiver, signed with the webhook's secret.
    inquiryId = await sendInquiry(page.request, baseURL!, inquiryFor(tag));
    await expect
      .poll(() => receiver.received.filter((delivery) => delivery.body.includes(inquiryId!)).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const delivery = receiver.received.find((entry) => entry.body.includes(inquiryId!))!;
    expect(delivery.body).toContain('inquiry.created');
    expect(signedWith(secret, delivery)).toBe(true);

    // The delivery log shows it delivered (a refresh asks again until it is).
    await openSettings(page);
    const endpoint = webhooksCard(page).getByRole('listitem').filter({ hasText: receiver.url }).first();
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('region', { name: `Delivery log of ${receiver.url}` });
    const delivered = log.getByRole('listitem').filter({ hasText: 'Delivered' }).first();
    await expect(async () => {
      await log.getByRole('button', { name: 'Refresh the delivery log' }).click();
      await expect(delivered).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(delivered).toContainText('inquiry.created');
    await expect(delivered).toContainText('HTTP 200');
    await expect(delivered).toContainText('1 attempt');
    await expectNoHorizontalScroll(page);

    // Redeliver sends it again.
    const before = receiver.received.filter((entry) => entry.body.includes(inquiryId!)).length;
    await delivered.getByRole('button', { name: 'Redeliver' }).click();
    await expect(toast(page, WEBHOOK_MESSAGES.redelivered, 'success')).toBeVisible();
    await expect
      .poll(() => receiver.received.filter((entry) => entry.body.includes(inquiryId!)).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(before);
  } finally {
    if (inquiryId) await deleteInquiry(page.request, baseURL!, inquiryId);
    // No webhook of this test stays to receive other tests' events.
    await deleteWebhooksTo(page.request, baseURL!, receiver.url);
    await receiver.close();
  }
});

test('an agent creates an API token, sees it once, lists inquiries with it, then revokes it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const tag = uniqueTag();
  const agent = {
    email: `tokens-${tag}@example.com`,
    password: 'tokens password 123',
    name: `Ravi ${tag}`,
    role: 'agent' as const,
  };
  await createTeamMember(baseURL!, agent);
  const context = await browser.newContext({
    storageState: signedOut,
    baseURL,
    viewport: { width: 360, height: 800 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInAs(context, baseURL!, agent);
  const page = await context.newPage();
  const name = `Sheet sync ${tag}`;

  try {
    await page.goto('/admin/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    const card = page.getByRole('region', { name: 'API tokens' });
    await expect(card.getByText('You have no API token.')).toBeVisible();

    await card.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    // An agent's token can only be an agent's.
    await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Agent']);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(/Name is required/);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('radio', { name: /Read only/ }).check();
    await dialog.getByLabel('Expires after').selectOption({ label: '30 days' });
    await expectNoSeriousAxeViolations(page, TOASTER);
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const created = page.getByRole('dialog', { name: 'Token created' });
    await expect(created).toContainText('This token is shown only once.');
    await expect(created).toContainText('Authorization: Bearer');
    const token = (await created.locator('dd code').textContent()) ?? '';
    expect(token).toMatch(/^smpk_\S+$/);
    await created.getByRole('button', { name: 'Copy token' }).click();
    await expect(created.getByRole('status')).toHaveText('Token copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoHorizontalScroll(page);
    await created.getByRole('button', { name: 'Done' }).click();

    const row = card.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Agent');
    await expect(row).toContainText('Read only');
    await expect(row).toContainText('Never used');
    await expect(page.getByText(token)).toHaveCount(0);
    await expectNoHorizontalScroll(page);

    // The token works without a cookie, as a tool would send it.
    const tool = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    try {
      expect((await tool.get('/api/contact-inquiries')).status()).toBe(200);

      await page.reload();
      await expect(row).not.toContainText('Never used');

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expect(toast(page, API_TOKEN_MESSAGES.revoked, 'success')).toBeVisible();
      await expect(card.getByText('You have no API token.')).toBeVisible();

      // Revoked at once.
      const refused = await tool.get('/api/contact-inquiries');
      expect(refused.status()).toBe(401);
    } finally {
      await tool.dispose();
    }
  } finally {
    await context.close();
  }
});
