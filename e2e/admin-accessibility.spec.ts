import { expect, test } from '@playwright/test';
import { adminPath } from '../src/shared/pages/admin-paths.ts';
import { seriousAxeViolations, signedInAsAdmin, TOASTER } from './support.ts';

test.use(signedInAsAdmin);

/** The main back-office screens: each is audited with every axe rule, at a phone's width and a desktop's. */
const SCREENS = [
  'dashboard',
  'inquiries',
  'templates',
  'contact',
  'blog',
  'members',
  'settings',
  'team',
  'profile',
  'auditLog',
] as const;

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const screen of SCREENS) {
      test(`${screen} passes every axe rule (no serious or critical finding)`, async ({ page }) => {
        await page.goto(adminPath(screen));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
        // Audit the screen as it settles, not its loading spinners.
        await expect(page.locator('main [role="status"]:has(.animate-spin)')).toHaveCount(0);
        expect(await seriousAxeViolations(page, TOASTER, { everyRule: true })).toEqual([]);
      });
    }
  });
}
