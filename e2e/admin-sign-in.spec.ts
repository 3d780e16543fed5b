import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { expectNoSeriousAxeViolations, joinAdminSession, signInApi } from './support.ts';

// These tests start signed out. Those that sign in or out make a session of their own, so the one the other
// tests share (global-setup.ts) lives on; being in one file, they never sign in at the same time, which
// keeps the count of failed sign-ins that the last one reads its own.

test('after logging out, every admin address leads to the login page', async ({ page, baseURL }) => {
  await signInApi(page.request, baseURL!);
  await page.goto('/admin/dashboard');
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

test('the login form and the Contact Management screen have no serious accessibility problems', async ({
  page,
  baseURL,
}) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await joinAdminSession(page.context(), baseURL!);
  await page.goto('/admin/contact');
  await page.getByRole('button', { name: 'Add New Contact' }).click();
  await page.getByRole('button', { name: 'Add Contact', exact: true }).click();
  await expect(page.getByText('Value is required')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
