import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_DATABASES } from '../playwright.config.ts';
import { databaseTarget } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { createAdminRepository } from '../src/server/features/admin-auth/admin-repository.ts';
import { hashPassword } from '../src/server/lib/password.ts';
import { expectNoSeriousAxeViolations, TOASTER, uniqueTag } from './support.ts';

// These tests start signed out, and each signs in as an administrator of its own, made in the database: the
// e2e admin that every other spec shares never gets a second factor or a wrong code.

const PASSWORD = 'two-factor password 1';
const STEP_MS = 30_000;

/** A new administrator in the database the server at `baseURL` uses; their email. */
async function createAdministrator(baseURL: string, name = 'Two-factor tester'): Promise<string> {
  const port = Number(new URL(baseURL).port);
  const target = E2E_DATABASES.find((database) => database.port === port);
  if (!target) throw new Error(`No e2e database serves ${baseURL}`);
  const email = `${uniqueTag()}@two-factor.example`;
  const database = await openDatabase(databaseTarget(target.url));
  try {
    await createAdminRepository(database.db).create({
      email,
      passwordHash: await hashPassword(PASSWORD),
      name,
    });
  } finally {
    await database.close();
  }
  return email;
}

/**
 * The code an authenticator app shows 30 s from now: taken (one step either side of now), and always newer
 * than a code used a moment ago, so a test never waits for the next step.
 */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor((Date.now() + STEP_MS) / 1000) });
}

/** Turns the second factor on through the API, as the profile does; its secret and recovery codes. */
async function enrolThroughApi(request: APIRequestContext, baseURL: string, email: string) {
  const headers = { origin: baseURL };
  expect(
    (await request.post('/api/admin/login', { data: { email, password: PASSWORD }, headers })).status(),
  ).toBe(200);
  const setup = await request.post('/api/admin/two-factor/setup', { headers });
  const { secret } = (await setup.json()) as { secret: string };
  const code = await generate({ secret });
  const enabled = await request.post('/api/admin/two-factor/enable', { data: { code }, headers });
  expect(enabled.status()).toBe(200);
  await request.post('/api/admin/logout', { headers });
  return { secret, recoveryCodes: ((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

async function enterPassword(page: Page, email: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login(\?|$)/);
}

const secondStep = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in' });
const dashboard = (page: Page) => page.getByRole('heading', { name: 'Dashboard', level: 1 });

test('an administrator sets up two-factor sign-in with the QR code and signs in with a code', async ({
  page,
  baseURL,
}) => {
  const email = await createAdministrator(baseURL!);
  await enterPassword(page, email);
  await expect(dashboard(page)).toBeVisible();

  await page.goto('/admin/profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('Off.');
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const setup = card.getByRole('region', { name: 'Set up your authenticator app' });
  await expect(setup.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
  const qrCode = setup.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qrCode).toBeVisible();
  expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  // The app is given the key by hand, as someone who cannot scan would.
  const secret = ((await setup.locator('code').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousAxeViolations(page, TOASTER);

  const codeField = setup.getByLabel('Code from the app');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill('000000');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText(/That code is not right/)).toBeVisible();
  await codeField.fill(await generate({ secret }));
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(card.getByText('These codes are shown only once.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'download',
    'recovery-codes.txt',
  );
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card).toContainText('10 of 10 recovery codes left.');

  await logOut(page);
  await enterPassword(page, email);
  const step = secondStep(page);
  const code = step.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoSeriousAxeViolations(page);
  await code.fill(await nextCode(secret));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();
});

test('a wrong code six times is refused with 429, told on the form', async ({
  page,
  baseURL,
  playwright,
}) => {
  const email = await createAdministrator(baseURL!);
  const api = await playwright.request.newContext({ baseURL });
  await enrolThroughApi(api, baseURL!, email);
  await api.dispose();

  await enterPassword(page, email);
  const step = secondStep(page);
  const code = step.getByLabel('Authentication code');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await code.fill('000000');
    const answer = page.waitForResponse('**/api/admin/login/two-factor');
    await step.getByRole('button', { name: 'Verify' }).click();
    expect((await answer).status()).toBe(401);
    await expect(step.getByText(/^That code is not right\./)).toBeVisible();
  }
  await code.fill('000000');
  const answer = page.waitForResponse('**/api/admin/login/two-factor');
  await step.getByRole('button', { name: 'Verify' }).click();
  expect((await answer).status()).toBe(429);
  await expect(step.getByRole('alert')).toHaveText(
    /^Too many wrong codes\. Please try again in (14|15) minutes\.$/,
  );
});

test('a recovery code signs in once', async ({ page, baseURL, playwright }) => {
  const email = await createAdministrator(baseURL!);
  const api = await playwright.request.newContext({ baseURL });
  const { recoveryCodes } = await enrolThroughApi(api, baseURL!, email);
  await api.dispose();
  const [first, second] = recoveryCodes;

  await enterPassword(page, email);
  await secondStep(page).getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(secondStep(page).getByLabel('Recovery code')).toBeFocused();
  await secondStep(page).getByLabel('Recovery code').fill(first!);
  await secondStep(page).getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();

  await logOut(page);
  await enterPassword(page, email);
  const step = secondStep(page);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(first!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('That recovery code is not right, or it was used already.')).toBeVisible();
  await step.getByLabel('Recovery code').fill(second!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();

  await page.goto('/admin/profile');
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText(
    '8 of 10 recovery codes left.',
  );
});

test('an administrator resets the second factor of someone who lost their phone', async ({
  page,
  baseURL,
  playwright,
}) => {
  const name = `Lost phone ${uniqueTag()}`;
  const lost = await createAdministrator(baseURL!, name);
  const api = await playwright.request.newContext({ baseURL });
  await enrolThroughApi(api, baseURL!, lost);
  await api.dispose();

  await enterPassword(page, await createAdministrator(baseURL!));
  await expect(dashboard(page)).toBeVisible();
  await page.goto('/admin/team');
  await page
    .getByRole('button', { name: `Manage ${name}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('On', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(dialog.getByRole('group', { name: 'Reset two-factor sign-in' })).toContainText(
    'signed out everywhere',
  );
  await dialog.getByRole('button', { name: 'Reset it' }).click();
  await expect(page.locator(TOASTER)).toContainText('Two-factor sign-in was reset');
  await expect(dialog.getByText('Off', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset two-factor sign-in' })).toHaveCount(0);

  // They sign in with the password alone now.
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await logOut(page);
  await enterPassword(page, lost);
  await expect(dashboard(page)).toBeVisible();
});
