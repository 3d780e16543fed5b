import { expect, test } from '@playwright/test';
import { signedInAsAdmin, signedOut, siteSettings } from './support.ts';

test.use(signedInAsAdmin);

// Every page shows the brand and the hours: no other test may run meanwhile on this database.
test('an admin edits the site settings from the profile menu and the public site follows', {
  tag: '@exclusive',
}, async ({ page, baseURL }) => {
  await page.goto('/admin/dashboard');
  const original = await siteSettings(page.request);
  const n = String(Date.now()).slice(-6);
  const brand = `E2E Brand ${n}`;
  const users = `${n.slice(0, 2)}K+`;

  try {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    // The session policy stays on the screen.
    await expect(page.getByRole('region', { name: 'Session' })).toContainText('You are signed out after');

    const form = page.getByRole('form', { name: 'Site settings' });
    const brandField = form.getByLabel('Brand name');
    await expect(brandField).toHaveValue(original.brandName);

    // Validation in the browser: messages under the fields, nothing sent, nothing typed lost.
    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/admin/settings')) puts++;
    });
    await brandField.fill('');
    await form.getByLabel('Rating (out of 5)').fill('7');
    await form.getByLabel('Users figure').fill(users);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(brandField).toHaveAccessibleDescription(/Brand name is required/);
    await expect(form.getByLabel('Rating (out of 5)')).toHaveAccessibleDescription(
      'Enter a rating from 0 to 5, e.g. 4.8, or leave it empty',
    );
    await expect(form.getByLabel('Users figure')).toHaveValue(users);
    expect(puts).toBe(0);

    // The game's address follows the brand as it is typed.
    await brandField.fill(brand);
    await expect(brandField).toHaveAccessibleDescription(`The game is at /E2EBrand${n}Game`);
    await form.getByLabel('Rating (out of 5)').fill(original.rating);

    // Business hours: change a row, add one; at most 7 rows, at least 1.
    await form.getByRole('textbox', { name: 'Hours, row 1' }).fill('10:00 AM - 7:00 PM');
    await form.getByRole('button', { name: 'Add row' }).click();
    await expect(form.getByRole('textbox', { name: 'Days, row 4' })).toBeFocused();
    await form.getByRole('textbox', { name: 'Days, row 4' }).fill('Public holidays');
    await form.getByRole('textbox', { name: 'Hours, row 4' }).fill('Closed');
    // Its Hindi hours; its days left empty in Hindi, so Hindi pages show the English ones.
    await form.getByRole('textbox', { name: 'Hours in Hindi (optional), row 4' }).fill('बंद');

    // A refusal from the server shows under its field and keeps the form as typed.
    await page.route('**/api/admin/settings', (route) =>
      route.fulfill({
        status: 400,
        json: {
          success: false,
          code: 'VALIDATION',
          message: 'Please correct the highlighted fields',
          errors: { usersCount: 'Use at most 20 characters', 'businessHours.3.hours': 'Hours are required' },
        },
      }),
    );
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByLabel('Users figure')).toHaveAccessibleDescription('Use at most 20 characters');
    await expect(form.getByRole('textbox', { name: 'Hours, row 4' })).toHaveAccessibleDescription(
      'Hours are required',
    );
    await expect(page.getByText('Please correct the highlighted fields')).toBeVisible();
    await expect(brandField).toHaveValue(brand);
    await expect(form.getByRole('textbox', { name: 'Days, row 4' })).toHaveValue('Public holidays');
    await page.unrouteAll();

    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    const saved = await siteSettings(page.request);
    expect(saved).toMatchObject({
      brandName: brand,
      usersCount: users,
      businessHours: [
        { days: original.businessHours[0]!.days, hours: '10:00 AM - 7:00 PM' },
        ...original.businessHours.slice(1),
        { days: 'Public holidays', hours: 'Closed', daysHi: '', hoursHi: 'बंद' },
      ],
    });

    // A visitor's contact page shows the new brand and hours.
    const visitor = await page.context().browser()!.newPage({ baseURL, storageState: signedOut });
    await visitor.goto('/contact');
    await expect(visitor.getByText(`Talk to the ${brand} team`)).toBeVisible();
    const hours = visitor.getByRole('region', { name: 'Business Hours' });
    await expect(hours.getByText('10:00 AM - 7:00 PM')).toBeVisible();
    await expect(hours.getByText('Public holidays')).toBeVisible();
    await expect(hours.getByText('बंद')).toHaveCount(0);
    // The Hindi page shows the Hindi hours, and the English days where no Hindi ones were typed.
    await visitor.goto('/hi/contact');
    const hindiHours = visitor.locator('section[aria-labelledby="business-hours-heading"]');
    await expect(hindiHours.getByText('बंद', { exact: true })).toBeVisible();
    await expect(hindiHours.getByText('Public holidays')).toBeVisible();
    await expect(hindiHours.getByText('Closed', { exact: true })).toHaveCount(0);

    // The landing and terms pages show the same new brand and users figure, and the game link follows
    // the brand (E2E Brand 123456 -> /E2EBrand123456Game) on the next load.
    const gamePath = `/${brand.replace(/[^A-Za-z0-9]/g, '')}Game`;
    for (const path of ['/', '/terms']) {
      await visitor.goto(path);
      await expect(visitor.getByText(brand).first()).toBeVisible();
      await expect(visitor.getByText(users, { exact: true }).first()).toBeVisible();
      await expect(visitor.locator(`a[href="${gamePath}"]`).first()).toBeAttached();
    }
    expect((await visitor.goto(gamePath))?.status()).toBe(200);
    await visitor.close();

    // Removing the added row again; the last row can never be removed.
    await form.getByRole('button', { name: 'Remove row 4' }).click();
    await expect(form.getByRole('textbox', { name: 'Days, row 4' })).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Discard changes' })).toBeEnabled();
    await form.getByRole('button', { name: 'Discard changes' }).click();
    await expect(form.getByRole('textbox', { name: 'Days, row 4' })).toHaveValue('Public holidays');
  } finally {
    // Other specs expect the settings they started with.
    const restored = await page.request.put('/api/admin/settings', {
      data: original,
      headers: { origin: baseURL! },
    });
    expect(restored.status()).toBe(200);
  }
});

test('business hours keep between one and seven rows', async ({ page }) => {
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Site settings' });
  const rows = form.getByRole('textbox', { name: /^Days, row/ });
  await expect(rows.first()).toBeVisible();
  const add = form.getByRole('button', { name: 'Add row' });
  while ((await rows.count()) < 7) await add.click();
  await expect(add).toBeDisabled();
  while ((await rows.count()) > 1) {
    await form
      .getByRole('button', { name: /^Remove row/ })
      .first()
      .click();
  }
  await expect(form.getByRole('button', { name: 'Remove row 1' })).toBeDisabled();
  // Nothing was saved: leaving the screen without saving changes nothing.
});
