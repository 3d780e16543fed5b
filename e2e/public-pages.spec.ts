import { expect, test } from '@playwright/test';
import { brandGamePath } from '../src/shared/rules/site-settings.ts';
import TERMS_COPY from '../src/web/content/messages/en/terms.json' with { type: 'json' };
import {
  collectErrors,
  contactFacts,
  expectNoSeriousAxeViolationsOfAnyRule,
  expectTextsVisible,
  linkDestination,
  siteSettings,
} from './support.ts';

const digits = (value: string) => value.replace(/\D/g, '');

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

for (const { name, viewport, isMobile, hasTouch } of VIEWPORTS) {
  test.describe(`public pages on ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport, isMobile, hasTouch });
    // axe on the long landing page, with every rule, takes a while on a busy machine (59 s seen).
    test.describe.configure({ timeout: 120_000 });

    test('the landing page shows its sections, and its FAQ is a one-open-at-a-time accordion', async ({
      page,
      request,
    }) => {
      const settings = await siteSettings(request);
      // The business's own channels (global-setup.ts) are first of their types.
      const facts = await contactFacts(request);
      const whatsappNumber = facts.whatsapp!;
      const supportPhone = facts.phone!;
      const telegramHandle = facts.telegram!.replace(/^@/, '');
      const errors = collectErrors(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Get your ${settings.brandName} ID on WhatsApp`,
      );

      // Each goes through its counted link (decision 035) to the channel's own.
      const getId = page.getByRole('link', { name: /Get an ID on WhatsApp/ });
      expect(await linkDestination(request, await getId.getAttribute('href'))).toMatch(
        new RegExp(`^https://wa\\.me/${digits(whatsappNumber)}\\?text=.*${settings.brandName}`),
      );
      await expect(getId).toHaveAttribute('target', '_blank');
      const call = page.getByRole('link', { name: `Call ${supportPhone}` });
      expect(await linkDestination(request, await call.getAttribute('href'))).toBe(
        `tel:+${digits(supportPhone)}`,
      );

      // A new site claims no figures its owner did not enter: only the site's own facts are shown.
      expect(settings).toMatchObject({ usersCount: '', rating: '' });
      const stats = page.getByRole('region', { name: `${settings.brandName} in numbers` });
      await expect(stats.locator('dt')).toHaveText(['Send us a message any time', 'Trackers on this site']);
      await expect(stats).toContainText('24/7');
      await expect(page.getByText(/\/5\b/)).toHaveCount(0);
      for (const heading of [
        `What is ${settings.brandName}?`,
        `Why customers use ${settings.brandName}`,
        'How it works',
        `${settings.brandName} compared with ${settings.competitorName}`,
        'Frequently asked questions',
        'Talk to us',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
      }
      const guides = page.getByRole('region', { name: 'How it works' });
      for (const guide of ['Get an ID', 'Sign in', 'Save our contacts']) {
        const steps = guides.getByRole('article', { name: guide }).getByRole('listitem');
        expect(await steps.count(), guide).toBeGreaterThanOrEqual(3);
      }
      await expect(page.getByRole('table')).toContainText(settings.competitorName);

      const contact = page.getByRole('region', { name: 'Talk to us' });
      await expect(contact).toContainText(supportPhone);
      await expect(contact).toContainText(`@${telegramHandle}`);
      const telegram = contact.getByRole('link', { name: /Open in Telegram/ });
      expect(await linkDestination(request, await telegram.getAttribute('href'))).toBe(
        `https://t.me/${telegramHandle}`,
      );
      const floating = page.getByRole('link', { name: 'Chat with us on WhatsApp (opens in a new tab)' });
      await expect(floating).toBeVisible();
      // It floats past the hero (sticky to the bottom of the screen), never over the hero's hours.
      expect(await floating.evaluate((element) => getComputedStyle(element.parentElement!).position)).toBe(
        'sticky',
      );

      // Six questions, all closed; one open at a time; the open one closes when activated again.
      const faq = page.getByRole('region', { name: 'Frequently asked questions' });
      const items = faq.locator('details');
      const questions = faq.locator('summary');
      await expect(questions).toHaveCount(6);
      await expect(items.nth(0)).not.toHaveAttribute('open');
      await questions.nth(0).click();
      await expect(items.nth(0)).toHaveAttribute('open');
      const firstAnswer = faq.getByRole('region', { name: `What is ${settings.brandName}?` });
      await expect(firstAnswer).toBeVisible();
      await questions.nth(1).click();
      await expect(items.nth(1)).toHaveAttribute('open');
      await expect(items.nth(0)).not.toHaveAttribute('open');
      await expect(firstAnswer).toBeHidden();
      await questions.nth(1).click();
      await expect(items.nth(1)).not.toHaveAttribute('open');

      // By keyboard: Enter opens, Space closes.
      await questions.nth(2).focus();
      await page.keyboard.press('Enter');
      await expect(items.nth(2)).toHaveAttribute('open');
      await page.keyboard.press('Space');
      await expect(items.nth(2)).not.toHaveAttribute('open');

      await expectNoSeriousAxeViolationsOfAnyRule(page);
      expect(errors).toEqual([]);
    });

    test('the terms page has real tabs, the overview figures and an accordion of the detailed terms', async ({
      page,
      request,
    }) => {
      const settings = await siteSettings(request);
      const errors = collectErrors(page);
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');

      const overviewTab = page.getByRole('tab', { name: 'Overview' });
      const detailedTab = page.getByRole('tab', { name: 'Detailed Terms' });
      await expect(overviewTab).toHaveAttribute('aria-selected', 'true');
      await expect(detailedTab).toHaveAttribute('aria-selected', 'false');
      const overview = page.getByRole('tabpanel', { name: 'Overview' });
      // The same figures as the landing page, one source: none the owner did not enter.
      expect(settings).toMatchObject({ usersCount: '', rating: '' });
      await expect(overview.locator('dt').filter({ hasText: /^(Users|Customer rating)$/ })).toHaveCount(0);
      await expect(overview.getByText(/\/5\b/)).toHaveCount(0);
      await expectTextsVisible(overview, [
        'A business platform',
        'No data collection while you browse',
        'Redirects to your messaging app',
        'Business communication',
        'Professional networking',
        'Contact directory access',
        'Spam or harassment',
        'Illegal activities',
        'Unauthorized solicitation',
      ]);
      await expect(overview.getByRole('link', { name: `Email ${settings.supportEmail}` })).toHaveAttribute(
        'href',
        `mailto:${settings.supportEmail}`,
      );
      await expect(overview.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'href',
        '/contact',
      );
      await expect(page.getByRole('heading', { name: 'Updates & Changes' })).toBeVisible();
      await expect(page.getByText(/continuing to use .* means you accept/i)).toBeVisible();
      await expect(page.getByText('Last updated:')).toBeVisible();
      await expect(page.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
      await expectNoSeriousAxeViolationsOfAnyRule(page);

      // Arrow keys move between the tabs, selecting and focusing them.
      await overviewTab.focus();
      await page.keyboard.press('ArrowRight');
      await expect(detailedTab).toBeFocused();
      await expect(detailedTab).toHaveAttribute('aria-selected', 'true');
      await expect(overview).toBeHidden();
      await page.keyboard.press('ArrowLeft');
      await expect(overviewTab).toBeFocused();
      await expect(overviewTab).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('End');
      await expect(detailedTab).toBeFocused();

      await overviewTab.click();
      await detailedTab.click();
      const detailed = page.getByRole('tabpanel', { name: 'Detailed Terms' });
      await expect(detailed).toBeVisible();
      const sections = detailed.locator('summary');
      // The sections of the catalogue, in its order (src/web/content/public-copy.test.ts pins their titles).
      await expect(sections).toHaveText(Object.values(TERMS_COPY.sections).map((section) => section.title));
      const items = detailed.locator('details');
      await expect(items.first()).toHaveAttribute('open');
      await sections.filter({ hasText: 'Acceptable Use Policy' }).click();
      await expect(items.first()).not.toHaveAttribute('open');
      const acceptable = detailed.getByRole('region', { name: 'Acceptable Use Policy' });
      await expectTextsVisible(acceptable, [
        'Legitimate communication',
        'Respecting platform guidelines',
        'Professional conduct',
        'Reporting issues',
      ]);
      await sections.filter({ hasText: 'Prohibited Activities' }).click();
      await expect(acceptable).toBeHidden();
      const prohibited = detailed.getByRole('region', { name: 'Prohibited Activities' });
      for (const [item, severity] of [
        ['Spam', 'High'],
        ['Harassment', 'High'],
        ['Illegal activities', 'High'],
        ['Malware', 'High'],
        ['Impersonation', 'Medium'],
        ['Unauthorized commercial solicitation', 'Medium'],
      ] as const) {
        await expect(prohibited.getByRole('listitem').filter({ hasText: item }).first()).toContainText(
          `${severity} severity`,
        );
      }
      await expectNoSeriousAxeViolationsOfAnyRule(page);
      expect(errors).toEqual([]);
    });

    test('the privacy page says what is and is not collected, in two tabs', async ({ page, request }) => {
      const settings = await siteSettings(request);
      const errors = collectErrors(page);
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
      const overviewTab = page.getByRole('tab', { name: 'Privacy Overview' });
      const detailsTab = page.getByRole('tab', { name: 'Detailed Policy' });
      await expect(overviewTab).toHaveAttribute('aria-selected', 'true');
      const overview = page.getByRole('tabpanel', { name: 'Privacy Overview' });
      await expectTextsVisible(overview, [
        'Personal details',
        'Device information',
        'Usage behaviour',
        'Financial information',
        'No tracking, no sharing',
        'City',
        'The service you chose',
      ]);
      await expect(page.getByRole('link', { name: `Email ${settings.supportEmail}` })).toHaveAttribute(
        'href',
        `mailto:${settings.supportEmail}`,
      );
      await expect(overview.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'href',
        '/contact',
      );
      await expect(overview.getByRole('link', { name: 'Delete your account' })).toHaveAttribute(
        'href',
        '/delete-account',
      );
      await expectNoSeriousAxeViolationsOfAnyRule(page);

      await overviewTab.focus();
      await page.keyboard.press('ArrowRight');
      await expect(detailsTab).toHaveAttribute('aria-selected', 'true');
      const details = page.getByRole('tabpanel', { name: 'Detailed Policy' });
      await expect(details.getByRole('heading', { name: 'Changes to this policy' })).toBeVisible();
      await expect(details).toContainText('no analytics, advertising or social media scripts');
      await expect(details).toContainText(settings.supportEmail);
      await expectNoSeriousAxeViolationsOfAnyRule(page);
      expect(errors).toEqual([]);
    });

    test('the navigation marks the current page, changes style on scroll and scrolls to the top on navigation', async ({
      page,
      request,
    }) => {
      const settings = await siteSettings(request);
      const errors = collectErrors(page);
      // The server renders each page with the settings: no page asks the API for them.
      const settingsRequests: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/api/settings') settingsRequests.push(sent.url());
      });
      await page.goto('/');
      // On a phone the top links give way to the bottom tab bar; both are named "Main", one at a time.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toHaveCount(1);
      for (const [label, path] of [
        ['Home', '/'],
        ['Contact', '/contact'],
        ['Blog', '/blog'],
        ['Game', brandGamePath(settings.brandName)],
        ['Terms', '/terms'],
        ['Privacy', '/privacy'],
      ] as const) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
      }
      await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const box = (await nav.boundingBox())!;
      if (isMobile) {
        // A fixed bar at the bottom of the screen.
        expect(Math.round(box.y + box.height)).toBe(viewport.height);
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
      } else {
        expect(box.y).toBeLessThan(100);
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      }

      const header = page.getByRole('banner');
      await expect(header).toHaveAttribute('data-scrolled', 'false');
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect(header).toHaveAttribute('data-scrolled', 'true');

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms' }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page).toHaveTitle(`Terms and Conditions | ${settings.brandName}`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(nav.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/terms$/);

      await page.getByRole('link', { name: 'GET STARTED' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await nav.getByRole('link', { name: 'Game', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tic-tac-toe');
      expect(settingsRequests).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}

test.describe('the menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('opens and closes by button, Escape and navigation', async ({ page }) => {
    await page.goto('/terms');
    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // useId() ids are not valid CSS identifiers: match the attribute instead.
    const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(menu).toBeHidden();

    // A popover: it opens without the page's script, which names the button after its state.
    await button.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveRole('navigation');
    // The pages, then the switch to this page in Hindi (decision 038).
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Contact',
      'Blog',
      'Game',
      'Terms',
      'Privacy',
      'हिन्दी',
    ]);
    await expect(menu.getByRole('link', { name: 'यह पेज हिन्दी में पढ़ें' })).toHaveAttribute('href', '/hi/terms');
    await expect(menu.getByRole('link', { name: 'Terms' })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousAxeViolationsOfAnyRule(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // Enter opens it again; following one of its links closes it.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test('public pages are server-rendered with their heading, title, description, Open Graph and Twitter tags', async ({
  browser,
  request,
  baseURL,
}) => {
  const settings = await siteSettings(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const pages = [
    { path: '/', heading: `Get your ${settings.brandName} ID on WhatsApp` },
    { path: '/terms', heading: 'Terms and Conditions' },
    { path: '/privacy', heading: 'Privacy Policy' },
    { path: brandGamePath(settings.brandName), heading: 'Tic-tac-toe' },
  ];
  for (const { path, heading } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const title = await page.title();
    expect(title, path).toContain(settings.brandName);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveAttribute('content', /.{40,}/);
    const url = `${baseURL}${path}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      (await description.getAttribute('content'))!,
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
      'content',
      settings.brandName,
    );
    // Every page has a share card now (issue 16; its picture is checked in link-previews.spec.ts).
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`^${baseURL}/share-cards/`),
    );
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title);
  }

  // The terms' detailed sections are in the HTML, though hidden until opened. The data block from which the
  // page's script is started once painted (decision 044) names no island: the terms hydrate nothing
  // (decision 062); the contact form's own page names its form's island.
  await page.goto('/terms');
  await expect(page.getByText('Unauthorized commercial solicitation', { exact: true })).toBeAttached();
  expect(JSON.parse((await page.locator('head script#page-scripts').textContent())!)).toEqual({
    preloads: [],
    islands: {},
  });
  await expect(page.locator('#router-data')).toHaveCount(0);
  await page.goto('/contact/message');
  expect(JSON.parse((await page.locator('head script#page-scripts').textContent())!)).toMatchObject({
    preloads: [],
    islands: { 'contact-message': expect.stringMatching(/^\/assets\/island-contact-message-[^"]+\.js$/) },
  });
  await expect(page.locator('#router-data')).toHaveCount(0);
  await context.close();
});

test('the landing page describes the business and its FAQ as JSON-LD, escaped, and runs no inline script', async ({
  page,
  request,
}) => {
  const settings = await siteSettings(request);
  const errors = collectErrors(page);
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  const blocks = page.locator('script[type="application/ld+json"]');
  await expect(blocks).toHaveCount(2);
  const data = (await blocks.allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
  const organization = data.find((block) => block['@type'] === 'Organization')!;
  expect(organization).toMatchObject({
    '@context': 'https://schema.org',
    name: settings.brandName,
    contactPoint: [
      { '@type': 'ContactPoint', telephone: `+${digits((await contactFacts(request)).phone!)}` },
      { '@type': 'ContactPoint', email: settings.supportEmail },
    ],
  });
  expect(organization).not.toHaveProperty('sameAs');
  const faq = data.find((block) => block['@type'] === 'FAQPage') as { mainEntity: unknown[] };
  expect(faq.mainEntity).toHaveLength(6);
  // The policy lets no inline script run: the page's inline scripts are all data blocks (JSON-LD, the
  // names of the page's scripts), which the browser never runs, and its script still ran (collectErrors
  // would hold a CSP report otherwise).
  expect(csp).toContain("script-src 'self';");
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/g)].map((match) => match[0]);
  // Two JSON-LD blocks, what the hours card says next (decision 074) and the names of the page's scripts
  // (decision 044); no router data, as no page hydrates a router (decision 062).
  expect(scripts).toHaveLength(4);
  for (const script of scripts) expect(script).toMatch(/ type="application\/(ld\+)?json"/);
  expect(html).not.toContain('nonce=');
  expect(errors).toEqual([]);

  // Other pages carry none, and each page's share tags are its own: a link loads the page's HTML, tags and
  // all, as every public page is a page of islands (decision 062).
  await page.goto('/contact/message');
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }).click();
  const gamePath = brandGamePath(settings.brandName);
  await expect(page).toHaveURL(new RegExp(`${gamePath}$`));
  await expect(blocks).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${gamePath}$`));
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
});

test('the game answers at /tictactoe and at the brand path only', async ({ page, request }) => {
  // Two pages audited with every axe rule: over a minute on a busy two-core machine.
  test.slow();
  const settings = await siteSettings(request);
  const gamePath = brandGamePath(settings.brandName);
  for (const path of [gamePath, '/tictactoe']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tic-tac-toe');
    // The game itself, from its first screen: the five levels to choose from.
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a difficulty' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('list').getByRole('button')).toHaveText([
      /^Beginner/,
      /^Easy/,
      /^Medium/,
      /^Hard/,
      /^Expert/,
    ]);
    await page.getByRole('button', { name: /^Expert/ }).click();
    await expect(page.getByRole('grid', { name: 'Tic-tac-toe board' }).getByRole('button')).toHaveCount(9);
    await expect(page.getByText('Your Turn', { exact: true })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${gamePath}$`));
    // Either address marks the Game link as the current page.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }),
    ).toHaveAttribute('aria-current', 'page');
  }
  await expectNoSeriousAxeViolationsOfAnyRule(page);
  const other = gamePath === '/SomethingGame' ? '/SomethingElseGame' : '/SomethingGame';
  expect((await request.get(other)).status()).toBe(404);
  expect((await request.get(gamePath.toLowerCase(), { maxRedirects: 0 })).headers().location).toBe(gamePath);

  // An unknown path of more than one segment (one segment is the brand game's path) is the not-found page,
  // inside the layout: a page of islands with no island (decision 062).
  expect((await page.goto('/no/such-page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle(`Page not found | ${settings.brandName}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // No share card for a page that is not there.
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
    'href',
    '/',
  );
  await expectNoSeriousAxeViolationsOfAnyRule(page);
});

test('the animated background holds still for visitors who ask for reduced motion', async ({ browser }) => {
  const animations = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto('/');
    const names = await page
      .locator('[aria-hidden="true"].site-backdrop > div')
      .evaluateAll((blobs) => blobs.map((blob) => getComputedStyle(blob).animationName));
    await context.close();
    return names;
  };
  expect(await animations('no-preference')).toEqual(['drift', 'drift', 'drift']);
  expect(await animations('reduce')).toEqual(['none', 'none', 'none']);
});

test('a keyboard user can skip past the navigation to the content', async ({ page }) => {
  await page.goto('/terms');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  // The first thing in the page's content that takes focus: the selected tab.
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeFocused();
});
