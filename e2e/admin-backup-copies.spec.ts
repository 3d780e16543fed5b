import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption';
import { E2E_ADMIN, E2E_DATABASES } from '../playwright.config.ts';
import {
  startS3Server,
  TEST_ACCESS_KEY_ID,
  TEST_BUCKET,
  type TestS3Server,
} from '../src/server/test-support/s3-test-server.ts';
import {
  adminSessionFile,
  asConfirmedAdmin,
  confirmIdentity,
  expectNoSeriousAxeViolations,
  TOASTER,
} from './support.ts';

const run = promisify(execFile);

asConfirmedAdmin();

let s3: TestS3Server;
/** Set once this worker's test saved a destination: only that worker takes it away again. */
let destinationSaved = false;

test.beforeAll(async () => {
  s3 = await startS3Server();
});

test.afterAll(async ({ playwright }, testInfo) => {
  if (!destinationSaved) {
    await s3.close();
    return;
  }
  // Copies are one setting of the whole server: the other specs' backups must not be sent to a closed s3rver.
  const baseURL = testInfo.project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL, storageState: adminSessionFile(baseURL) });
  try {
    await confirmIdentity(request, baseURL);
    await request.delete('/api/admin/backups/destination', { headers: { origin: baseURL } });
  } finally {
    await request.dispose();
    await s3.close();
  }
});

function databaseOf(baseURL: string) {
  return E2E_DATABASES.find((entry) => entry.port === Number(new URL(baseURL).port))!;
}

/** Takes a backup on the server while it runs, as the README says; returns its file name. */
async function takeBackup(baseURL: string): Promise<string> {
  const database = databaseOf(baseURL);
  const { stdout } = await run(process.execPath, ['dist/server/cli/backup.js'], {
    env: { ...process.env, DATABASE_URL: database.url, BACKUP_DIR: database.backupDir },
  });
  const written = /Backup written: (\S+)/.exec(stdout);
  expect(written, stdout).not.toBeNull();
  return path.basename(written![1]!);
}

/** Opens Settings → Backups as an owner would, and waits for the off-machine copies' form. */
async function openBackupsCard(page: Page): Promise<Locator> {
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Backups' });
  // Settings loads many cards at once: on a busy machine the backups' may take a while.
  await expect(card.getByLabel('Your age public key')).toBeVisible({ timeout: 30_000 });
  return card;
}

/** Gives the password whenever the "Confirm it is you" prompt opens over the screen (decision 049). */
async function answerPasswordPrompts(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await page.addLocatorHandler(prompt, async () => {
    await prompt.getByLabel('Password').fill(E2E_ADMIN.password);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect(prompt).toBeHidden();
  });
}

/** Every text field's value on the page and every text it shows, to look for a secret in. */
async function everythingShown(page: Page): Promise<string> {
  const values = await page
    .locator('input, textarea')
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
  return [...values, await page.content()].join('\n');
}

const FOLDER = 'sampark/';
const BACKUP_NAME = /sampark-\d{8}T\d{6}Z\.(db|dump)/;

test('an owner sends backups to S3-compatible storage, encrypted to their age key, and never sees the secret again @exclusive', async ({
  page,
  baseURL,
}) => {
  const database = databaseOf(baseURL!);
  const identity = await generateIdentity();
  const recipient = await identityToRecipient(identity);
  const secret = `secret-${Date.now()}-never-shown`;
  await answerPasswordPrompts(page);
  const copied = await takeBackup(baseURL!);

  const card = await openBackupsCard(page);
  const form = card.getByRole('form', { name: 'Off-machine copies' });
  await form.getByLabel('Storage address').fill(s3.endpoint);
  await form.getByLabel('Region', { exact: true }).fill('us-east-1');
  await form.getByLabel('Bucket', { exact: true }).fill(TEST_BUCKET);
  await form.getByLabel('Folder in the bucket (optional)').fill(FOLDER);
  await form.getByLabel('Access key id').fill(TEST_ACCESS_KEY_ID);
  await form.getByLabel('Secret access key').fill(secret);
  await form.getByLabel(/^Path-style addresses/).check();
  await form.getByLabel('Your age public key').fill(recipient);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousAxeViolations(page, TOASTER);
  }
  await form.getByRole('button', { name: 'Save' }).click();
  destinationSaved = true;
  await expect(
    page.locator(`${TOASTER} [data-type="success"]`, { hasText: 'Off-machine copies saved' }),
  ).toBeVisible();
  await expect(form.getByLabel('Secret access key')).toHaveValue('');

  // Seen again later, the secret is said to be saved, and shown nowhere: not in a field, not in the page.
  await page.reload();
  await expect(form.getByLabel('Storage address')).toHaveValue(s3.endpoint);
  await expect(form.getByLabel('Bucket', { exact: true })).toHaveValue(TEST_BUCKET);
  await expect(form.getByLabel(/^Path-style addresses/)).toBeChecked();
  await expect(form.getByLabel('Your age public key')).toHaveValue(recipient);
  await expect(form.getByLabel('Secret access key')).toHaveValue('');
  await expect(form.getByLabel('Secret access key')).toHaveAttribute('placeholder', 'Saved (not shown)');
  await expect(form.getByLabel('Secret access key')).toHaveAccessibleDescription(
    /Leave it empty to keep the saved one/,
  );
  await expect(card.getByText('No backup has been copied yet.')).toBeVisible();
  expect(await everythingShown(page)).not.toContain(secret);

  // The backup taken before copies were set up is copied on demand...
  const lastCopy = card.getByRole('status').filter({ hasText: 'Last copy:' });
  await card.getByRole('button', { name: 'Copy the latest backup now' }).click();
  await expect(lastCopy).toContainText(`Last copy: done`);
  await expect(lastCopy).toContainText(`${copied}, encrypted, in ${TEST_BUCKET}/${FOLDER}${copied}.age`);

  // ...and "Back up now" copies the backup it takes.
  await card.getByRole('button', { name: 'Back up now' }).click();
  let taken = '';
  await expect
    .poll(async () => {
      const [text = ''] = await lastCopy.allTextContents();
      taken = text.startsWith('Last copy: done') ? (BACKUP_NAME.exec(text)?.[0] ?? '') : '';
      return taken !== '' && taken !== copied;
    })
    .toBe(true);
  expect(await everythingShown(page)).not.toContain(secret);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousAxeViolations(page, TOASTER);
  }

  // In the bucket: age's format, which only the owner's key opens, and inside it the backup itself.
  expect(await s3.keys(FOLDER)).toEqual([`${FOLDER}${copied}.age`, `${FOLDER}${taken}.age`].sort());
  const object = await s3.get(`${FOLDER}${taken}.age`);
  expect(object.subarray(0, 'age-encryption.org/v1'.length).toString('latin1')).toBe('age-encryption.org/v1');
  expect(object.includes(Buffer.from(secret))).toBe(false);
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const opened = Buffer.from(await decrypter.decrypt(new Uint8Array(object)));
  expect(opened.equals(fs.readFileSync(path.join(database.backupDir, taken)))).toBe(true);

  // Stopping asks first, then forgets the storage; the copies made stay in the bucket.
  await form.getByRole('button', { name: 'Stop copying' }).click();
  const question = page.getByRole('alertdialog', { name: 'Stop copying backups off the machine?' });
  await expect(question).toContainText('The copies already in the bucket stay there.');
  await question.getByRole('button', { name: 'Stop copying' }).click();
  await expect(question).toBeHidden();
  await expect(page.locator(TOASTER).getByText('Off-machine copies turned off')).toBeVisible();
  await expect(form.getByLabel('Storage address')).toHaveValue('');
  await expect(form.getByLabel('Secret access key')).toHaveAccessibleDescription(/never shown again/);
  await expect(form.getByRole('button', { name: 'Copy the latest backup now' })).toBeHidden();
  await expect(lastCopy).toBeHidden();
  destinationSaved = false;
  expect(await s3.keys(FOLDER)).toHaveLength(2);
});

test('a key that is not an age public key is refused under its field, and what was typed stays', async ({
  page,
}) => {
  await answerPasswordPrompts(page);
  const card = await openBackupsCard(page);
  const form = card.getByRole('form', { name: 'Off-machine copies' });
  const recipient = form.getByLabel('Your age public key');
  await form.getByLabel('Storage address').fill(s3.endpoint);
  await form.getByLabel('Bucket', { exact: true }).fill(TEST_BUCKET);
  await form.getByLabel('Access key id').fill(TEST_ACCESS_KEY_ID);

  // Not even the shape of one: the form says so before anything is sent.
  await recipient.fill('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMq owner@laptop');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(recipient).toHaveAttribute('aria-invalid', 'true');
  await expect(recipient).toHaveAccessibleDescription(/Give an age public key: one line beginning with age1/);
  await expect(recipient).toHaveValue('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMq owner@laptop');

  // The shape of one with a letter changed (its checksum no longer holds): the server refuses it, under
  // the field only (not again in a toast), and says it is this key that is wrong, not its kind.
  const key = await identityToRecipient(await generateIdentity());
  const mistyped = `${key.slice(0, -1)}${key.endsWith('q') ? 'p' : 'q'}`;
  await recipient.fill(mistyped);
  await form.getByLabel('Secret access key').fill('a secret');
  await expect(recipient).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(recipient).toHaveAccessibleDescription(/This age public key cannot be used: copy it again/);
  await expect(recipient).toHaveAttribute('aria-invalid', 'true');
  await expect(recipient).toBeFocused();
  await expect(page.getByText(/This age public key cannot be used/)).toHaveCount(1);
  await expect(recipient).toHaveValue(mistyped);
  await expect(form.getByLabel('Storage address')).toHaveValue(s3.endpoint);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousAxeViolations(page, TOASTER);
  }
});
