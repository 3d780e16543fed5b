import { expect } from '@playwright/test';
import { ACCOUNT_DELETION_MESSAGES, DELETION_RETENTION_DAYS } from '../src/shared/rules/account-deletion.ts';
import { deletionControls, memberToDelete, openDeletionPage } from './account-deletion.ts';
import {
  collectErrors,
  createMember,
  expectBelowStickyHeader,
  expectNoSeriousAxeViolationsOfAnyRule,
  holdRequests,
  listedMembers,
  test,
  uniqueIndianMobile,
} from './support.ts';

const PASSWORD = 'delete-me-please-1';
const DELETE_PATH = '**/api/auth/delete-account';

/** `9812345678` as a person might type it: `98123-45678`. */
const dashed = (mobile: string) => `${mobile.slice(0, 5)}-${mobile.slice(5)}`;

test.describe('the account deletion page', () => {
  test('names the brand, says what is deleted and what is kept for how long, and passes axe without errors', async ({
    page,
    brand,
  }) => {
    const errors = collectErrors(page);

    const response = await page.goto('/delete-account');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`Delete your account | ${brand}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Delete your ${brand} account`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/delete-account$/);
    await expect(page.getByRole('heading', { name: 'What is deleted' })).toBeVisible();
    const kept = page.getByRole('region', { name: 'What we keep, why, and for how long' });
    await expect(kept).toContainText(`up to ${DELETION_RETENTION_DAYS} days`);
    await expect(kept).toContainText('legal compliance');
    await expect(kept).toContainText('your mobile number and the dates the account was created and deleted');
    await expect(page.getByRole('region', { name: 'Using your number again' })).toContainText(
      'register again with the same number',
    );
    const controls = deletionControls(page);
    await expect(controls.countryCode).toHaveValue('+91');
    await expect(controls.mobile).toHaveAttribute('type', 'tel');
    await expect(controls.mobile).toHaveAttribute('autocomplete', 'tel-national');
    await expect(controls.password).toHaveAttribute('autocomplete', 'current-password');
    // As most visitors first see it: the server's markup, before the form's island comes to life.
    await expectNoSeriousAxeViolationsOfAnyRule(page);

    // The password can be shown to check it, and hidden again (the first tap waits for the island).
    await controls.password.fill('typed secret');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(controls.password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(controls.password).toHaveAttribute('type', 'password');

    await controls.mobile.fill(dashed(uniqueIndianMobile()));
    await controls.deleteButton.click();
    await expect(controls.confirmHeading).toBeFocused();
    await expectNoSeriousAxeViolationsOfAnyRule(page);
    expect(errors).toEqual([]);
  });

  test('is linked from the footer and the privacy policy, and is in the server-rendered HTML', async ({
    page,
    brand,
    browser,
  }) => {
    await page.goto('/terms');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Delete your account' })
      .click();
    await expect(page).toHaveURL(/\/delete-account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Delete your ${brand} account`);
    await expect(page).toHaveTitle(`Delete your account | ${brand}`);

    await page.goto('/privacy');
    const overview = page.getByRole('tabpanel', { name: 'Privacy Overview' });
    await overview.getByRole('link', { name: 'Delete your account' }).click();
    await expect(page).toHaveURL(/\/delete-account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Delete your ${brand} account`);

    await page.goto('/privacy');
    await page.getByRole('tab', { name: 'Detailed Policy' }).click();
    await page
      .getByRole('tabpanel', { name: 'Detailed Policy' })
      .getByRole('link', { name: 'Delete your account' })
      .click();
    await expect(page).toHaveURL(/\/delete-account$/);

    // Without JavaScript the page and its explanations are there, and its form posts itself
    // (e2e/public-without-javascript.spec.ts deletes an account that way).
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto('/delete-account');
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(`Delete your ${brand} account`);
    await expect(plain.getByText(`up to ${DELETION_RETENTION_DAYS} days`).first()).toBeVisible();
    await expect(deletionControls(plain).deleteButton).toBeEnabled();
    await expect(plain.locator('main form').first()).toHaveAttribute(
      'action',
      '/delete-account#account-deletion',
    );
    await context.close();
  });

  test("the delete button waits for both fields, and sending without one says 'Please fill in all fields'", async ({
    page,
  }) => {
    const controls = await openDeletionPage(page);
    await expect(controls.deleteButton).toBeDisabled();
    await controls.mobile.fill('98765-43210');
    await expect(controls.deleteButton).toBeDisabled();

    // Enter in a field sends the form anyway: the message says what is missing and the field takes focus.
    await controls.mobile.press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(ACCOUNT_DELETION_MESSAGES.missingFields);
    await expect(controls.password).toBeFocused();
    await expect(controls.password).toHaveAttribute('aria-invalid', 'true');
    await expect(controls.confirmation).toBeHidden();

    await controls.password.fill('a password');
    await expect(alert).toBeHidden();
    await expect(controls.deleteButton).toBeEnabled();
    // A mobile of only spaces is no mobile.
    await controls.mobile.fill('   ');
    await expect(controls.deleteButton).toBeDisabled();
    await controls.password.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_DELETION_MESSAGES.missingFields);
    await expect(controls.mobile).toBeFocused();
    await expect(controls.confirmation).toBeHidden();
  });

  test('a wrong password returns to the form with the message under the password; Cancel keeps the input; then it deletes', async ({
    page,
    adminRequest,
    baseURL,
  }) => {
    const mobile = uniqueIndianMobile();
    const member = await createMember(adminRequest, baseURL!, {
      mobile,
      countryCode: '+91',
      password: PASSWORD,
    });
    expect(member.mobile).toBe(`+91${mobile}`);

    const controls = await openDeletionPage(page);
    await controls.mobile.fill(dashed(mobile));
    await controls.password.fill('not-the-password');
    await controls.deleteButton.click();
    await expect(controls.confirmHeading).toBeFocused();
    await expect(controls.confirmation).toContainText(`+91 ${dashed(mobile)}`);
    await expect(controls.confirmation).toContainText('This cannot be undone.');

    await controls.confirmButton.click();
    // Back to the form: the message under the password field, which is emptied and focused; the number kept.
    await expect(controls.confirmation).toBeHidden();
    await expect(controls.password).toBeFocused();
    await expect(controls.password).toHaveValue('');
    await expect(controls.password).toHaveAttribute('aria-invalid', 'true');
    await expect(controls.password).toHaveAccessibleDescription(ACCOUNT_DELETION_MESSAGES.invalidCredentials);
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_DELETION_MESSAGES.invalidCredentials);
    await expect(controls.mobile).toHaveValue(dashed(mobile));
    await expect(controls.deleteButton).toHaveAttribute('aria-disabled', 'true');
    await expectNoSeriousAxeViolationsOfAnyRule(page);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await expectBelowStickyHeader(page, page.getByRole('alert'));
      await page.screenshot({ path: `/tmp/a-delete-account-wrong-password-js-${size.width}.png` });
    }
    expect(await listedMembers(adminRequest, mobile)).toHaveLength(1);

    // Typing again clears the message; Cancel goes back to the form, with what was typed, and focus on the
    // delete button.
    await controls.password.fill('not-the-password');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await controls.deleteButton.click();
    await controls.cancelButton.click();
    await expect(controls.confirmation).toBeHidden();
    await expect(controls.mobile).toHaveValue(dashed(mobile));
    await expect(controls.password).toHaveValue('not-the-password');
    await expect(controls.countryCode).toHaveValue('+91');
    await expect(controls.deleteButton).toBeFocused();

    // The right password: held on its way, the request shows 'Deleting...' with both buttons disabled.
    await controls.password.fill(PASSWORD);
    await controls.deleteButton.click();
    const release = await holdRequests(page, DELETE_PATH);
    await controls.confirmButton.click();
    const deleting = page.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.deleting });
    await expect(deleting).toBeVisible();
    await expect(deleting).toBeDisabled();
    await expect(controls.cancelButton).toBeDisabled();
    // Pressing the disabled buttons while the request runs does nothing.
    await controls.cancelButton.dispatchEvent('click');
    await expect(deleting).toBeVisible();
    release();

    await expect(controls.status).toContainText(ACCOUNT_DELETION_MESSAGES.deleted);
    await expect(controls.confirmation).toBeHidden();
    await expect(controls.mobile).toHaveValue('');
    await expect(controls.password).toHaveValue('');
    await expect(controls.status.getByText(ACCOUNT_DELETION_MESSAGES.deleted)).toBeVisible();
    await expectNoSeriousAxeViolationsOfAnyRule(page);

    // The member is gone from the back office, and the number can be given out again straight away.
    expect(await listedMembers(adminRequest, mobile)).toEqual([]);
    const again = await createMember(adminRequest, baseURL!, {
      mobile,
      countryCode: '+91',
      password: PASSWORD,
    });
    expect(again._id).not.toBe(member._id);
    expect(await listedMembers(adminRequest, mobile)).toHaveLength(1);
  });

  test('a number typed with + keeps its own country code, whatever the select says', async ({
    page,
    adminRequest,
    baseURL,
  }) => {
    const mobile = uniqueIndianMobile();
    await createMember(adminRequest, baseURL!, { mobile: `+91 ${mobile}`, password: PASSWORD });

    const controls = await openDeletionPage(page);
    await controls.countryCode.selectOption('+971');
    await controls.mobile.fill(`+91${mobile}`);
    await controls.password.fill(PASSWORD);
    await controls.deleteButton.click();
    await expect(controls.confirmation).toContainText(`+91${mobile}`);
    await controls.confirmButton.click();

    await expect(controls.status).toContainText(ACCOUNT_DELETION_MESSAGES.deleted);
    await expect(controls.mobile).toHaveValue('');
    await expect(controls.password).toHaveValue('');
    await expect(controls.countryCode).toHaveValue('+91');
    expect(await listedMembers(adminRequest, mobile)).toEqual([]);
  });

  test("a request that fails shows 'Network error. Please try again.', an answer without a message the fallback", async ({
    page,
  }) => {
    const controls = await openDeletionPage(page);
    await controls.mobile.fill(dashed(uniqueIndianMobile()));
    await controls.password.fill(PASSWORD);
    await controls.deleteButton.click();

    await page.route(DELETE_PATH, (route) => route.abort('internetdisconnected'));
    await controls.confirmButton.click();
    await expect(controls.confirmation.getByRole('alert')).toHaveText(ACCOUNT_DELETION_MESSAGES.network);
    await expect(controls.confirmHeading).toBeVisible();

    await page.unroute(DELETE_PATH);
    await page.route(DELETE_PATH, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await controls.confirmButton.click();
    await expect(controls.confirmation.getByRole('alert')).toHaveText(ACCOUNT_DELETION_MESSAGES.failed);
    await expect(controls.mobile).toBeHidden();
    await controls.cancelButton.click();
    await expect(controls.password).toHaveValue(PASSWORD);
    await expect(controls.status).toHaveText('');
  });

  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`after deleting, the success heading shows below the sticky header (${size.width}x${size.height})`, async ({
      page,
      adminRequest,
      baseURL,
    }) => {
      const mobile = await memberToDelete(adminRequest, baseURL!, PASSWORD);
      await page.setViewportSize(size);
      const controls = await openDeletionPage(page);
      await controls.mobile.fill(mobile);
      await controls.password.fill(PASSWORD);
      await controls.deleteButton.click();
      await controls.confirmButton.click();
      const heading = controls.status.getByRole('heading', { name: ACCOUNT_DELETION_MESSAGES.deleted });
      await expect(heading).toBeVisible();
      await expectBelowStickyHeader(page, heading);
      expect(await listedMembers(adminRequest, mobile)).toEqual([]);
    });
  }
});
