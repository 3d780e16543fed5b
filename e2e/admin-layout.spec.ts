import { expect, test } from '@playwright/test';
import { E2E_SESSION_IDLE_HOURS } from '../playwright.config.ts';
import { signedInAsAdmin } from './support.ts';

test.use(signedInAsAdmin);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar opens from the menu button and closes on an outside click and on navigation', async ({
    page,
  }) => {
    await page.goto('/admin/dashboard');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    // A closed sidebar slides off the screen (and is inert), so being in the viewport is what counts.
    const sidebarNav = page.getByRole('navigation', { name: 'Admin' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebarNav).not.toBeInViewport();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebarNav).toBeInViewport();
    for (const item of ['Dashboard', 'Inquiries', 'Add Contact Info', 'Add Blogs']) {
      await expect(sidebarNav.getByRole('link', { name: item })).toBeVisible();
    }
    // The sidebar is w-72 (18rem).
    expect((await page.getByRole('complementary', { name: 'Admin menu' }).boundingBox())?.width).toBeCloseTo(
      288,
      1,
    );

    await page.mouse.click(370, 500);
    await expect(sidebarNav).not.toBeInViewport();

    await menu.click();
    await sidebarNav.getByRole('link', { name: 'Add Contact Info' }).click();
    await expect(page).toHaveURL(/\/admin\/contact$/);
    await expect(page.getByRole('heading', { name: 'Contact Management' })).toBeVisible();
    await expect(sidebarNav).not.toBeInViewport();
  });
});

test('on a wide screen the sidebar is open and closes by itself below 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/dashboard');
  const sidebarNav = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebarNav).toBeInViewport();
  await expect(sidebarNav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await page.setViewportSize({ width: 760, height: 800 });
  await expect(sidebarNav).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('the profile menu leads to My Profile and Settings', async ({ page }) => {
  await page.goto('/admin/dashboard');
  const account = page.getByRole('button', { name: /^Account menu/ });
  await account.click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeVisible();

  await account.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(
    // The limits as the e2e servers are configured (playwright.config.ts).
    page.getByText(
      `You are signed out after ${E2E_SESSION_IDLE_HOURS} hours without activity and 12 hours after signing in.`,
    ),
  ).toBeVisible();
});
