import { expect, type Page } from '@playwright/test';
import { PUBLIC_PAGE_PATHS } from '../src/shared/pages/public-pages.ts';
import { slugify } from '../src/shared/rules/blog.ts';
import { localizedPath } from '../src/shared/rules/locales.ts';
import { deletionControls } from './account-deletion.ts';
import {
  collectErrors,
  fillInquiryForm,
  holdRequests,
  hydrated,
  inquiryFor,
  test,
  uniqueTag,
} from './support.ts';

/**
 * Pages that hydrate only their islands (decision 062). What a visitor's phone downloads in script before
 * touching one: everything fetched until the network is idle, whoever asked for it (the HTML, a module's
 * imports, a prefetch), not only what the HTML names. scripts/check-bundles.ts holds the build to the same
 * budget; this holds the pages as served.
 */
const ISLANDS_PAGE_SCRIPT_BUDGET_BYTES = 15 * 1024;
const ISLANDS_PAGES = [...PUBLIC_PAGE_PATHS, ...PUBLIC_PAGE_PATHS.map((path) => localizedPath('hi', path))];
/** An island, with React, fetched when a visitor reaches for it (scripts/check-bundles.ts). */
const ISLAND_BUDGET_BYTES = 80 * 1024;

/** Every script the page fetches from now on, with its bytes on the wire (the body as sent, compressed). */
function scriptsFetched(page: Page): () => Promise<{ path: string; bytes: number }[]> {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({ url: request.url(), bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
  });
  return () =>
    Promise.all(scripts.map(async ({ url, bytes }) => ({ path: new URL(url).pathname, bytes: await bytes })));
}

const totalBytes = (scripts: { bytes: number }[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);

/**
 * What an island fetched as it came to life: React (the framework chunk), never the router or the app's shell,
 * everything together within the budget.
 */
function expectIslandScripts(scripts: { path: string; bytes: number }[]) {
  const paths = scripts.map((script) => script.path).join(' ');
  expect(paths).toMatch(/framework/);
  expect(paths).not.toMatch(/router|public-shell|index-/);
  expect(totalBytes(scripts), JSON.stringify(scripts)).toBeLessThanOrEqual(ISLAND_BUDGET_BYTES);
}

/** `path`, opened and left until the network is idle, fetched at most its budget of script, without an error. */
async function expectWithinPageBudget(page: Page, path: string) {
  const errors = collectErrors(page);
  const fetched = scriptsFetched(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const scripts = await fetched();
  // The module that starts every page, with the chrome's behaviours: nothing of React or the router.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.map((script) => script.path).join(' ')).not.toMatch(/framework|router|public-shell|index-/);
  expect(totalBytes(scripts), JSON.stringify(scripts)).toBeLessThanOrEqual(ISLANDS_PAGE_SCRIPT_BUDGET_BYTES);
  expect(errors).toEqual([]);
}

for (const path of ISLANDS_PAGES) {
  test(`${path} fetches at most 15 KB of script before any interaction`, async ({ page }) => {
    await expectWithinPageBudget(page, path);
  });
}

test('the not-found page, in either language, fetches at most 15 KB of script before any interaction', async ({
  page,
}) => {
  for (const path of ['/no/such-page', '/hi/no/such-page']) {
    const fetched = scriptsFetched(page);
    expect((await page.goto(path, { waitUntil: 'networkidle' }))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Page not found|पेज नहीं मिला)$/);
    const scripts = await fetched();
    expect(scripts.map((script) => script.path).join(' ')).not.toMatch(
      /framework|router|public-shell|index-/,
    );
    expect(totalBytes(scripts), JSON.stringify(scripts)).toBeLessThanOrEqual(
      ISLANDS_PAGE_SCRIPT_BUDGET_BYTES,
    );
  }
});

test('a blog post, in either language, fetches at most 15 KB of script before any interaction', async ({
  page,
  adminRequest,
  baseURL,
}) => {
  const title = `Islands budget ${uniqueTag()}`;
  const created = await adminRequest.post('/api/blogs', {
    headers: { origin: baseURL! },
    data: {
      title,
      slug: slugify(title),
      description: 'A post to measure',
      content: '## A heading\n\nA paragraph.',
      category: 'News',
      image: '',
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);
  const { _id: id, slug } = ((await created.json()) as { data: { _id: string; slug: string } }).data;
  try {
    for (const path of [`/blog/${slug}`, `/hi/blog/${slug}`]) {
      await expectWithinPageBudget(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  } finally {
    await adminRequest.delete(`/api/blogs/${id}`, { headers: { origin: baseURL! } });
  }
});

test('a page of islands prefetches the page a link leads to once the pointer rests on it, and opens it from there', async ({
  page,
}) => {
  // The page names its rules in a header; the browser reads them before the pointer moves.
  const rules = page.waitForResponse((response) => response.url().endsWith('/speculation-rules.json'));
  await page.goto('/terms');
  expect((await rules).status()).toBe(200);
  const privacy = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' });
  const prefetch = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/privacy' && request.headers()['sec-purpose'] === 'prefetch',
  );
  await privacy.hover();
  await prefetch;
  await privacy.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  // How the document was delivered: from the prefetch (not yet in TypeScript's DOM types).
  expect(
    await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as unknown as { deliveryType: string }).deliveryType,
    ),
  ).toBe('navigational-prefetch');
});

test.describe('the contact form island', () => {
  test('is fetched when the pointer rests on a button that opens it, within its budget, and opens the form', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/contact', { waitUntil: 'networkidle' });
    const fetched = scriptsFetched(page);
    const write = page.getByRole('button', { name: 'Write to us' });
    const island = page.waitForResponse((response) => /island-contact-form/.test(response.url()));
    await write.hover();
    await island;
    await write.click();
    const dialog = page.getByRole('dialog', { name: 'Send us a message' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    // The island runs once every module it imports has arrived.
    expectIslandScripts(await fetched());
    expect(errors).toEqual([]);
  });

  test('a tap while it is still on its way opens the form once it arrives, with the tile’s service', async ({
    page,
  }) => {
    // A slow network: the island's module waits until the test lets it through.
    const release = await holdRequests(page, /island-contact-form/);
    await page.goto('/contact');
    const tile = page.getByRole('button', { name: /^Digital Marketing/ });
    await tile.click();
    await expect(tile).toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/contact$/);
    release();
    const dialog = page.getByRole('dialog', { name: 'Send us a message' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Service', { exact: true })).toHaveValue('digital-marketing');
    await expect(tile).not.toHaveAttribute('aria-busy');
  });

  test('a tap whose island cannot be fetched leads to the form’s own page, with the tile’s service', async ({
    page,
  }) => {
    await page.route(/island-contact-form/, (route) => route.abort('internetdisconnected'));
    await page.goto('/hi/contact');
    await page.getByRole('button', { name: /^डिजिटल मार्केटिंग/ }).click();
    await expect(page).toHaveURL(/\/hi\/contact\/message\?service=digital-marketing$/);
    await expect(page.getByLabel('सेवा', { exact: true })).toHaveValue('digital-marketing');
  });

  test('the form’s check comes once a person types; when it cannot, sending says so and keeps what was typed', async ({
    page,
  }) => {
    const checks: string[] = [];
    page.on('request', (request) => {
      if (/inquiry-form-check/.test(request.url())) checks.push(request.url());
    });
    await page.route(/inquiry-form-check/, (route) => route.abort('internetdisconnected'));
    await page.goto('/hi/contact');
    await page.getByRole('button', { name: 'हमें लिखें' }).click();
    const dialog = page.getByRole('dialog', { name: 'हमें संदेश भेजें' });
    const name = dialog.getByLabel('नाम', { exact: true });
    await expect(name).toBeFocused();
    // Opened, not yet typed in: the check is not fetched.
    expect(checks).toEqual([]);
    await name.fill('आशा');
    await expect.poll(() => checks.length).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'संदेश भेजें' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'सर्वर से जुड़ नहीं पाए। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
    );
    await expect(name).toHaveValue('आशा');
    await expect(dialog).toBeVisible();
  });

  test('a tap before the page’s script has started is the form’s own page, as without script', async ({
    page,
  }) => {
    // The page as it is before its script runs: the module that starts it never arrives.
    await page.route(/page-start/, (route) => route.abort());
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Write to us' }).click();
    await expect(page).toHaveURL(/\/contact\/message\??$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('the contact form’s own page’s island', () => {
  test('is fetched when the pointer rests on the form, within its budget, and hydrates it in place', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/contact/message', { waitUntil: 'networkidle' });
    const fetched = scriptsFetched(page);
    const name = page.locator('main form').getByLabel('Name', { exact: true });
    await name.hover();
    await hydrated(name);
    // The island alone: the form's check comes once a person types (outside the island's budget).
    expectIslandScripts(await fetched());
    expect(errors).toEqual([]);
  });

  test('sends what was typed and tapped while it was on its way, once it is live, in place', async ({
    page,
    adminRequest,
    baseURL,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/contact/message', { waitUntil: 'networkidle' });
    const release = await holdRequests(page, /island-contact-message/);
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
    });
    const form = page.locator('main form');
    const inquiry = inquiryFor(uniqueTag());
    // Reaching for the form starts the island's download; until it is live the fields are plain HTML.
    await fillInquiryForm(form, inquiry);
    const send = form.getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect(send).toHaveAttribute('aria-busy', 'true');
    expect(posted).toEqual([]);

    const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact-inquiries'));
    release();
    // The tap was the send button's: the form sends what was typed with script, and thanks in place.
    const answer = await sent;
    expect(answer.status()).toBe(201);
    const { _id: id } = ((await answer.json()) as { data: { _id: string } }).data;
    try {
      expect(answer.request().postDataJSON()).toMatchObject({
        name: inquiry.name,
        email: inquiry.email,
        language: 'en',
      });
      await expect(page.getByRole('heading', { level: 2, name: 'Message Sent Successfully!' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Message Sent Successfully!' })).toBeFocused();
      await expect(page).toHaveURL(/\/contact\/message$/);
      expect(posted).toEqual(['/api/contact-inquiries']);
      // Hydrated in place: React found the server's markup as it would have rendered it.
      expect(errors).toEqual([]);
    } finally {
      await adminRequest.delete(`/api/contact-inquiries/${id}`, { headers: { origin: baseURL! } });
    }
  });

  test('with script, in Hindi, marks the fields the form’s check refuses, keeping what was typed', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/hi/contact/message');
    const form = page.locator('main form');
    await form.getByLabel('ईमेल', { exact: true }).fill('not-an-email');
    await form.getByRole('button', { name: 'संदेश भेजें' }).click();
    await expect(page.getByRole('alert')).toHaveText('कृपया लाल निशान वाली जानकारी ठीक करें।');
    // The first field with a message takes the focus; nothing was posted.
    await expect(form.getByLabel('नाम', { exact: true })).toBeFocused();
    await expect(form.getByLabel('नाम', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('ईमेल', { exact: true })).toHaveValue('not-an-email');
    await expect(page).toHaveURL(/\/hi\/contact\/message$/);
    expect(errors).toEqual([]);
  });

  test('a tap whose island cannot be fetched posts the form, as without script', async ({ page }) => {
    await page.route(/island-contact-message/, (route) => route.abort('internetdisconnected'));
    await page.goto('/hi/contact/message');
    const form = page.locator('main form');
    await form.getByLabel('नाम', { exact: true }).fill('आशा');
    await form.getByRole('button', { name: 'संदेश भेजें' }).click();
    // The server's answer to the post: the form again, with what was typed and each field's message.
    await expect(page.getByRole('alert')).toHaveText('कृपया लाल निशान वाली जानकारी ठीक करें।');
    await expect(page.locator('main form').getByLabel('नाम', { exact: true })).toHaveValue('आशा');
    await expect(page.getByText('कृपया अपना ईमेल लिखें')).toBeVisible();
  });
});

test.describe('the account deletion form island', () => {
  test('what is typed and tapped while it is on its way is kept, and the tap goes on once it is live', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/delete-account', { waitUntil: 'networkidle' });
    const fetched = scriptsFetched(page);
    const release = await holdRequests(page, /island-delete-account/);
    const controls = deletionControls(page);
    // Reaching for the form starts the island's download; until it is live the fields are plain HTML.
    await controls.countryCode.selectOption('+977');
    await controls.mobile.fill('98-1234-5678');
    await controls.password.fill('typed before it came to life');
    await controls.deleteButton.click();
    await expect(controls.deleteButton).toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/delete-account$/);

    release();
    // The tap was the delete button's: the confirmation names the number as typed, with its country code.
    await expect(controls.confirmHeading).toBeFocused();
    await expect(controls.confirmation).toContainText('+977 98-1234-5678');
    await controls.cancelButton.click();
    await expect(controls.mobile).toHaveValue('98-1234-5678');
    await expect(controls.password).toHaveValue('typed before it came to life');
    await expect(controls.deleteButton).not.toHaveAttribute('aria-busy');
    expectIslandScripts(await fetched());
    // Hydrated in place: React found the server's markup as it would have rendered it.
    expect(errors).toEqual([]);
  });

  test('a tap on Show password while it is on its way shows the password once it is live, once', async ({
    page,
  }) => {
    await page.goto('/delete-account', { waitUntil: 'networkidle' });
    const release = await holdRequests(page, /island-delete-account/);
    const controls = deletionControls(page);
    await controls.password.fill('seen once');
    await page.getByRole('button', { name: 'Show password' }).click();
    release();
    await expect(controls.password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
    await expect(controls.password).toHaveValue('seen once');
  });

  test('a tap whose island cannot be fetched posts the form, as without script', async ({ page }) => {
    await page.route(/island-delete-account/, (route) => route.abort('internetdisconnected'));
    await page.goto('/hi/delete-account');
    const controls = deletionControls(page, 'hi');
    await controls.mobile.fill('98765 43210');
    await controls.password.fill('a password');
    await controls.deleteButton.click();
    // The server's answer to the post: the form again, as no member has that number and password.
    await expect(page).toHaveURL(/\/hi\/delete-account#account-deletion$/);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(controls.mobile).toHaveValue('98765 43210');
  });
});

test.describe('the game island', () => {
  test('a level chosen while it is on its way starts the game once it is live, within the game’s budget', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/hi/tictactoe', { waitUntil: 'networkidle' });
    const fetched = scriptsFetched(page);
    const release = await holdRequests(page, /island-game/);
    // With script, the page does not ask for it, though the game is not live yet.
    await expect(page.getByText('लेवल चुनने पर कुछ न हो, तो JavaScript चालू करें।', { exact: false })).toBeHidden();
    const beginner = page.getByRole('button', { name: /^शुरुआती / });
    await beginner.click();
    await expect(beginner).toHaveAttribute('aria-busy', 'true');

    release();
    const board = page.getByRole('grid', { name: 'टिक-टैक-टो बोर्ड' });
    await expect(board.getByRole('button')).toHaveCount(9);
    // Focus on the board's centre, as when a level is chosen in a live game.
    await expect(board.getByRole('button', { name: /^पंक्ति 2, कॉलम 2,/ })).toBeFocused();
    expectIslandScripts(await fetched());
    expect(errors).toEqual([]);
  });
});
