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

    // Opening hours (decision 073): Saturday closes at 2, Friday opens again late, Diwali is a closure.
    await form.getByLabel('Closes, Saturday').fill('14:00');
    await form.getByRole('button', { name: 'Add hours on Friday' }).click();
    await expect(form.getByLabel('Opens, Friday (2)')).toBeFocused();
    await form.getByLabel('Opens, Friday (2)').fill('21:00');
    await form.getByLabel('Closes, Friday (2)').fill('23:30');
    await form.getByRole('button', { name: 'Add closure' }).click();
    await form.getByLabel('Date').fill('2026-11-09');
    await form.getByLabel('Reason', { exact: true }).fill('Diwali');
    await form.getByLabel('Reason in Hindi (optional)').fill('दिवाली');

    // A refusal from the server shows under its field and keeps the form as typed.
    await page.route('**/api/admin/settings', (route) =>
      route.fulfill({
        status: 400,
        json: {
          success: false,
          code: 'VALIDATION',
          message: 'Please correct the highlighted fields',
          errors: {
            usersCount: 'Use at most 20 characters',
            'openingHours.week.4.1.closes': 'The closing time must differ from the opening time',
          },
        },
      }),
    );
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByLabel('Users figure')).toHaveAccessibleDescription('Use at most 20 characters');
    await expect(form.getByLabel('Closes, Friday (2)')).toHaveAccessibleDescription(
      'The closing time must differ from the opening time',
    );
    await expect(page.getByText('Please correct the highlighted fields')).toBeVisible();
    await expect(brandField).toHaveValue(brand);
    await expect(form.getByLabel('Reason', { exact: true })).toHaveValue('Diwali');
    await page.unrouteAll();

    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    const saved = await siteSettings(page.request);
    expect(saved).toMatchObject({
      brandName: brand,
      usersCount: users,
      openingHours: {
        week: [
          ...Array.from({ length: 4 }, () => [{ opens: '09:00', closes: '20:00' }]),
          [
            { opens: '09:00', closes: '20:00' },
            { opens: '21:00', closes: '23:30' },
          ],
          [{ opens: '10:00', closes: '14:00' }],
          [],
        ],
        closures: [{ date: '2026-11-09', note: 'Diwali', noteHi: 'दिवाली' }],
      },
    });

    // A visitor's contact page shows the new brand and hours.
    const visitor = await page.context().browser()!.newPage({ baseURL, storageState: signedOut });
    await visitor.goto('/contact');
    await expect(visitor.getByText(`Talk to the ${brand} team`)).toBeVisible();
    const hours = visitor.getByRole('region', { name: 'Business Hours' });
    for (const text of [
      'Mon–Thu',
      'Fri',
      '9:00 AM – 8:00 PM, 9:00 PM – 11:30 PM',
      'Sat',
      '10:00 AM – 2:00 PM',
    ]) {
      await expect(hours.getByText(text, { exact: true })).toBeVisible();
    }
    // The Hindi page says the days and the parts of the day in Hindi.
    await visitor.goto('/hi/contact');
    const hindiHours = visitor.locator('section[aria-labelledby="business-hours-heading"]');
    await expect(hindiHours.getByText('सुबह 10:00 – दोपहर 2:00', { exact: true })).toBeVisible();
    await expect(hindiHours.getByText('बंद', { exact: true })).toBeVisible();
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

    // Removing the closure again, then discarding that.
    await form.getByRole('button', { name: 'Remove closure 1' }).click();
    await expect(form.getByLabel('Date')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Discard changes' })).toBeEnabled();
    await form.getByRole('button', { name: 'Discard changes' }).click();
    await expect(form.getByLabel('Reason', { exact: true })).toHaveValue('Diwali');
  } finally {
    // Other specs expect the settings they started with.
    const restored = await page.request.put('/api/admin/settings', {
      data: original,
      headers: { origin: baseURL! },
    });
    expect(restored.status()).toBe(200);
  }
});

test('a day takes up to three periods, and a day without any is closed', async ({ page }) => {
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Site settings' });
  const sunday = form.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sunday' }) });
  await expect(sunday.getByText('Closed', { exact: true })).toBeVisible();
  const add = form.getByRole('button', { name: 'Add hours on Sunday' });
  for (let period = 0; period < 3; period++) await add.click();
  await expect(add).toHaveCount(0);
  await expect(sunday.getByText('Closed', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Opens, Sunday (3)')).toBeFocused();
  // Monday's hours removed: Monday is closed.
  await form.getByRole('button', { name: "Remove Monday's hours" }).click();
  const monday = form.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Monday' }) });
  await expect(monday.getByText('Closed', { exact: true })).toBeVisible();
  // Nothing was saved: leaving the screen without saving changes nothing.
});

// The hours every page shows change: no other test may run meanwhile on this database.
test('a site with its hours as text sees them, and sets up its week', { tag: '@exclusive' }, async ({
  page,
  baseURL,
}) => {
  const original = await siteSettings(page.request);
  const put = (settings: object) =>
    page.request.put('/api/admin/settings', { data: settings, headers: { origin: baseURL! } });
  try {
    // As a site saved before decision 073: hours as text, no week.
    const { openingHours: _week, ...asText } = original;
    const textRows = [{ days: 'Every day', hours: '8 AM to 10 PM', daysHi: '', hoursHi: '' }];
    expect((await put({ ...asText, businessHours: textRows })).status()).toBe(200);
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Site settings' });
    await expect(form.getByText('Every day: 8 AM to 10 PM')).toBeVisible();
    await form.getByRole('button', { name: 'Set up opening hours' }).click();
    await expect(form.getByLabel('Opens, Monday')).toHaveValue('09:00');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    expect((await siteSettings(page.request)).openingHours?.week[0]).toEqual([
      { opens: '09:00', closes: '20:00' },
    ]);
  } finally {
    expect((await put(original)).status()).toBe(200);
  }
});
