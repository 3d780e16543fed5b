import { expect, type Page } from '@playwright/test';
import { brandGamePath } from '../src/shared/rules/site-settings.ts';
import { memberToDelete, openDeletionPage } from './account-deletion.ts';
import { collectErrors, hydrated, listedMembers, test } from './support.ts';

/**
 * The game and the account deletion page in Hindi (/hi): the page's words, the game's status line and
 * announcements, and every message of the deletion form, the server's included, in Hindi.
 */

const DEVANAGARI = /[\u0900-\u097F]/;

test.describe('the game in Hindi', () => {
  /** With Math.random near 0 the Beginner robot takes the first empty cell (as in game.spec.ts). */
  async function openHindiGame(page: Page, path: string) {
    await page.addInitScript(() => {
      Math.random = () => 0.01;
    });
    await page.clock.install();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const beginner = page.getByRole('button', { name: /^शुरुआती .* 5 में से 1 स्टार$/ });
    // The game is the page's island (decision 062): the pointer resting on it brings it to life.
    await beginner.hover();
    await hydrated(beginner);
    await page.clock.pauseAt(Date.now() + 60_000);
    return beginner;
  }

  const board = (page: Page) => page.getByRole('grid', { name: 'टिक-टैक-टो बोर्ड' });
  const cell = (page: Page, row: number, column: number) =>
    board(page).getByRole('button', { name: new RegExp(`^पंक्ति ${row}, कॉलम ${column},`) });
  const announcement = (page: Page) => page.locator('main').getByRole('status');
  const statusLine = (page: Page, text: string) => page.locator('main').getByText(text, { exact: true });

  test('shows the levels, the status line and a won game in Hindi', async ({ page, brand }) => {
    const errors = collectErrors(page);
    const beginner = await openHindiGame(page, '/hi/tictactoe');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page).toHaveTitle(`टिक-टैक-टो | ${brand}`);
    // One canonical address for the game: the branded one, in Hindi.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/hi${brandGamePath(brand)}$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('टिक-टैक-टो');
    await expect(page.getByRole('heading', { name: 'लेवल चुनें' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^एक्सपर्ट .* 5 में से 5 स्टार$/ })).toBeVisible();
    await expect(beginner).toHaveAccessibleName(
      'शुरुआती रोबोट हर चाल बिना सोचे चलता है। आराम से शुरुआत करें। 5 में से 1 स्टार',
    );

    await beginner.click();
    await expect(page.getByRole('heading', { level: 2, name: /^शुरुआती/ })).toBeVisible();
    await expect(statusLine(page, 'आपकी बारी')).toBeVisible();
    await expect(announcement(page)).toHaveText('शुरुआती लेवल पर नया गेम। आप X हैं, आपकी बारी है।');
    await expect(cell(page, 2, 2)).toHaveAccessibleName('पंक्ति 2, कॉलम 2, खाली');

    await cell(page, 2, 2).click();
    await expect(statusLine(page, 'रोबोट सोच रहा है')).toBeVisible();
    await expect(announcement(page)).toHaveText('आपने पंक्ति 2, कॉलम 2 में चाल चली। रोबोट सोच रहा है।');
    await page.clock.runFor(800);
    await expect(cell(page, 1, 1)).toHaveAccessibleName('पंक्ति 1, कॉलम 1, O');
    await expect(announcement(page)).toHaveText('रोबोट ने पंक्ति 1, कॉलम 1 में चाल चली। अब आपकी बारी है।');
    await cell(page, 1, 2).click();
    await page.clock.runFor(800);
    await cell(page, 3, 2).click();

    await expect(statusLine(page, 'आप जीत गए')).toBeVisible();
    await expect(announcement(page)).toHaveText('आपने पंक्ति 3, कॉलम 2 में चाल चली। बधाई हो! आप जीत गए।');
    await expect(cell(page, 3, 2)).toHaveAccessibleName('पंक्ति 3, कॉलम 2, X, जीत वाली लाइन');
    await expect(page.locator('main dl > div')).toHaveText(['आप (X)1', 'ड्रॉ0', 'रोबोट (O)0']);
    await expect(page.getByText('लगातार 1 जीत!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'फिर से खेलें' })).toBeVisible();
    await page.getByRole('button', { name: 'लेवल बदलें' }).click();
    await expect(page.getByRole('heading', { name: 'लेवल चुनें' })).toBeFocused();
    // No English is left on the board's screen.
    await expect(page.locator('main')).not.toContainText(/Victory|Your Turn|Robot|Beginner|Score|Play Again/);
    expect(errors).toEqual([]);
  });

  test('is at the branded address too, and its navigation stays in Hindi', async ({ page, brand }) => {
    await openHindiGame(page, `/hi${brandGamePath(brand)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('टिक-टैक-टो');
    await expect(page.getByText(`क्या आप ${brand} के रोबोट को हरा सकते हैं?`)).toBeVisible();
  });
});

test.describe('account deletion in Hindi', () => {
  const PASSWORD = 'hindi-delete-me-1';

  test('says what is deleted in Hindi, and an empty submit gets a Hindi message', async ({ page, brand }) => {
    const errors = collectErrors(page);
    const form = await openDeletionPage(page, 'hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page).toHaveTitle(`अपना खाता हटाएँ | ${brand}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /30 दिन/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`अपना ${brand} खाता हटाएँ`);
    await expect(page.getByRole('region', { name: 'हम क्या रखते हैं, क्यों और कितने समय तक' })).toContainText(
      'ज़्यादा से ज़्यादा 30 दिन तक',
    );
    await expect(page.locator('main')).not.toContainText(
      /Delete|account|Mobile|Password|Country|deleted|keep|Contact|Privacy|Enter/,
    );
    // The country picker names the countries in Hindi.
    await expect(page.getByLabel('देश का कोड').locator('option[value="+91"]')).toHaveText('+91 भारत');
    // The help links lead to the Hindi pages.
    await expect(page.getByRole('link', { name: 'संपर्क पेज' })).toHaveAttribute('href', '/hi/contact');
    await expect(page.getByRole('link', { name: 'निजता नीति' })).toHaveAttribute('href', '/hi/privacy');

    // The delete button waits for both fields; Enter in a field sends the form anyway.
    await expect(form.deleteButton).toHaveAttribute('aria-disabled', 'true');
    await form.mobile.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('कृपया मोबाइल नंबर और पासवर्ड, दोनों भरें।');
    await expect(form.mobile).toBeFocused();
    await expect(form.mobile).toHaveAttribute('aria-invalid', 'true');

    await form.mobile.fill('98765 43210');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await form.mobile.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('कृपया मोबाइल नंबर और पासवर्ड, दोनों भरें।');
    await expect(form.password).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('a wrong password gets a Hindi message; the right one deletes, said in Hindi', async ({
    page,
    adminRequest,
    baseURL,
  }) => {
    const mobile = await memberToDelete(adminRequest, baseURL!, PASSWORD);
    const form = await openDeletionPage(page, 'hi');

    await form.mobile.fill(mobile);
    await form.password.fill('not-the-password');
    await form.deleteButton.click();
    await expect(form.confirmation).toContainText(`+91 ${mobile} वाला`);
    await expect(form.confirmation).toContainText('इसे वापस नहीं लाया जा सकता।');
    await form.confirmButton.click();
    // Back to the form, the message under the password field.
    await expect(form.confirmation).toBeHidden();
    await expect(form.password).toBeFocused();
    await expect(form.password).toHaveAccessibleDescription('मोबाइल नंबर या पासवर्ड गलत है।');
    await expect(page.getByRole('alert')).toHaveText('मोबाइल नंबर या पासवर्ड गलत है।');
    await expect(form.mobile).toHaveValue(mobile);
    expect(await listedMembers(adminRequest, mobile)).toHaveLength(1);

    await form.password.fill(PASSWORD);
    await form.deleteButton.click();
    await form.confirmButton.click();
    const done = page.getByRole('status');
    await expect(done).toContainText('आपका खाता हटा दिया गया है!');
    await expect(done).toContainText(DEVANAGARI);
    await expect(done.getByRole('link', { name: 'होम पेज पर जाएँ' })).toHaveAttribute('href', '/hi');
    expect(await listedMembers(adminRequest, mobile)).toHaveLength(0);
  });

  test("the server's refusals are said in Hindi: too many attempts, with the wait", async ({ page }) => {
    await page.route('**/api/auth/delete-account', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '690' },
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Please try again in 12 minutes.',
        }),
      }),
    );
    const form = await openDeletionPage(page, 'hi');
    await form.mobile.fill('98765 43210');
    await form.password.fill('any-password');
    await form.deleteButton.click();
    await form.confirmButton.click();
    await expect(form.confirmation.getByRole('alert')).toHaveText(
      'बहुत बार कोशिश हो चुकी है। कृपया 12 मिनट बाद फिर से कोशिश करें।',
    );
  });
});
