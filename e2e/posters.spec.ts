import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { qrText } from '../src/server/test-support/qr-code.ts';
import {
  expectNoSeriousAxeViolations,
  PHONE_BROWSER,
  signedInAsAdmin,
  signedOut,
  TOASTER,
  test,
  toast,
  uniqueTag,
} from './support.ts';

test.use({ ...signedInAsAdmin, viewport: { width: 390, height: 844 } });

test('an owner makes a Hindi counter poster, prints it, and the dashboard counts who came from it', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `counter-${uniqueTag()}`;
  const name = `Counter ${tag}`;
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Posters', exact: true });
  const form = card.getByRole('form', { name: 'Make a poster' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Source tag').fill('counter 1');
  await form.getByRole('button', { name: 'Make poster' }).click();
  await expect(form.getByLabel('Source tag')).toHaveAccessibleDescription(/Use letters, digits and dashes/);
  await form.getByLabel('Source tag').fill(tag);
  await form.getByRole('radio', { name: 'हिन्दी (Hindi)' }).check();
  await form.getByRole('radio', { name: /^A5/ }).check();
  await form.getByRole('button', { name: 'Make poster' }).click();
  await expect(toast(page, 'Poster made', 'success')).toBeVisible();
  const row = card.getByRole('listitem').filter({ hasText: name });
  const url = `${baseURL}/hi/contact?src=${tag}`;
  await expect(row).toContainText(url);
  await expectNoSeriousAxeViolations(page, TOASTER);

  // The PNG to share: its QR code holds the poster's address. The PDF to print.
  const downloadingPng = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download PNG' }).click();
  const png = await downloadingPng;
  expect(png.suggestedFilename()).toBe(`poster-${tag}-A5.png`);
  expect(await qrText(await readFile((await png.path())!))).toBe(url);
  const downloadingPdf = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await readFile((await (await downloadingPdf).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // A customer scans it on their phone: the Hindi contact page, whose WhatsApp button carries the tag.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    userAgent: PHONE_BROWSER,
    storageState: signedOut,
  });
  try {
    const visitor = await phone.newPage();
    await visitor.goto(url);
    await expect(visitor).toHaveURL(url);
    const whatsapp = visitor.locator(`a[href^="/go/whatsapp?"][href$="src=${tag}"]`).first();
    await expect(whatsapp).toBeVisible();
    const tapped = await visitor.request.get((await whatsapp.getAttribute('href'))!, {
      maxRedirects: 0,
      headers: { 'user-agent': PHONE_BROWSER },
    });
    expect(tapped.status()).toBe(302);
    expect(await phone.cookies()).toEqual([]);
  } finally {
    await phone.close();
  }

  await page.goto('/admin');
  const brought = page.getByRole('region', { name: 'Brought by posters' });
  await expect(brought.getByRole('listitem').filter({ hasText: name })).toContainText(
    /1 visit.*1 tap on a channel|1 tap on a channel.*1 visit/,
  );

  // Deleted, its counts go with it.
  await page.goto('/admin/settings');
  await row.getByRole('button', { name: `Delete poster ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Poster deleted', 'success')).toBeVisible();
  await expect(row).toHaveCount(0);
});
