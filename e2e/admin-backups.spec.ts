import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_DATABASES } from '../playwright.config.ts';
import { signedInAsAdmin } from './support.ts';

const run = promisify(execFile);

test.use(signedInAsAdmin);

test('an admin sees the newest backup in Settings and downloads it', async ({ page, baseURL }) => {
  const database = E2E_DATABASES.find((entry) => entry.port === Number(new URL(baseURL!).port))!;
  // The operator takes a backup on the server while it runs, as the README says.
  const { stdout } = await run(process.execPath, ['dist/server/cli/backup.js'], {
    env: { ...process.env, DATABASE_URL: database.url, BACKUP_DIR: database.backupDir },
  });
  expect(stdout).toMatch(/Backup written: .+ \(.+\) in \d+\.\d s/);

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
