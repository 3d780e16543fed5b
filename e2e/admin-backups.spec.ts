import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_DATABASES } from '../playwright.config.ts';
import { ageConfirmations, asConfirmedAdmin, createTeamMember, signedOut, signInAs } from './support.ts';

const run = promisify(execFile);

asConfirmedAdmin();

function databaseOf(baseURL: string) {
  return E2E_DATABASES.find((entry) => entry.port === Number(new URL(baseURL).port))!;
}

/** Takes a backup on the server while it runs, as the README says. */
async function takeBackup(baseURL: string) {
  const database = databaseOf(baseURL);
  const { stdout } = await run(process.execPath, ['dist/server/cli/backup.js'], {
    env: { ...process.env, DATABASE_URL: database.url, BACKUP_DIR: database.backupDir },
  });
  expect(stdout).toMatch(/Backup written: .+ \(.+\) in \d+\.\d s/);
}

test('an admin sees the newest backup in Settings and downloads it', async ({ page, baseURL }) => {
  const database = databaseOf(baseURL!);
  await takeBackup(baseURL!);

  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'Backups' });
  await expect(card.getByText('Last backup')).toBeVisible();
  await expect(card.getByText(/^\d+(\.\d+)? (KB|MB)$/)).toBeVisible();
  await expect(card).toContainText('A backup is taken automatically every day and kept for 14 days');

  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download backup' }).click();
  const download = await downloading;
  const name = download.suggestedFilename();
  expect(name).toMatch(
    database.name === 'sqlite' ? /^sampark-\d{8}T\d{6}Z\.db$/ : /^sampark-\d{8}T\d{6}Z\.dump$/,
  );
  const saved = fs.readFileSync((await download.path())!);
  expect(saved.equals(fs.readFileSync(path.join(database.backupDir, name)))).toBe(true);
  expect(saved.subarray(0, 5).toString('latin1')).toBe(database.name === 'sqlite' ? 'SQLit' : 'PGDMP');
});

test('"Back up now" takes a backup with what was just written, shows its progress and time, then downloads it', async ({
  page,
  request,
  baseURL,
}) => {
  const database = databaseOf(baseURL!);
  await takeBackup(baseURL!);
  // Written after that backup: only a new one holds it.
  const tag = `backup-now-${Date.now()}`;
  const created = await request.post('/api/contacts', {
    data: { type: 'email', value: `${tag}@example.com`, isActive: false, proof: tag },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Backups' });
  // Settings loads many cards at once: on a busy machine the backups' may take a while.
  await expect(card.getByRole('link', { name: 'Download backup' })).toContainText(/^Download backup of \w/, {
    timeout: 30_000,
  });
  const before = fs.readdirSync(database.backupDir);
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(
    card
      .getByRole('status')
      .or(card.getByRole('button', { name: 'Backing up...' }))
      .first(),
  ).toBeVisible();
  const download = await downloading;
  const name = download.suggestedFilename();
  expect(before).not.toContain(name);
  const saved = fs.readFileSync((await download.path())!);
  expect(saved.equals(fs.readFileSync(path.join(database.backupDir, name)))).toBe(true);
  if (database.name === 'sqlite') expect(saved.includes(Buffer.from(tag))).toBe(true);
  await expect(card.getByRole('button', { name: 'Back up now' })).toBeEnabled();
});

test('an administrator who last gave the password over ten minutes ago is asked for it before the download', async ({
  browser,
  baseURL,
}) => {
  await takeBackup(baseURL!);
  const owner = {
    email: `confirm-${Date.now()}@example.com`,
    password: 'confirm password 1',
    name: 'Confirm',
  };
  await createTeamMember(baseURL!, { ...owner, role: 'administrator' });
  const context = await browser.newContext({ storageState: signedOut, baseURL });
  await signInAs(context, baseURL!, owner);
  await ageConfirmations(baseURL!, owner.email, 11);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Backups' });
  await card.getByRole('link', { name: 'Download backup' }).click();

  const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByLabel('Password')).toBeFocused();
  await prompt.getByLabel('Password').fill('not the password');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByText('The password is incorrect')).toBeVisible();

  await prompt.getByLabel('Password').fill(owner.password);
  const downloading = page.waitForEvent('download');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sampark-\d{8}T\d{6}Z\.(db|dump)$/);
  await context.close();
});
