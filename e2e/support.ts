import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import axe from 'axe-core';
import { E2E_ADMIN, E2E_DATABASES } from '../playwright.config.ts';
import { databaseTarget } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { newId } from '../src/server/db/values.ts';
import { hashPassword } from '../src/server/lib/password.ts';
import type { PublicContactChannel } from '../src/shared/contracts/contact-channels.ts';
import type { SiteSettings } from '../src/shared/contracts/site-settings.ts';
import { type ContactFacts, contactFactsOf } from '../src/shared/rules/contact-facts.ts';
import type { Role } from '../src/shared/rules/roles.ts';

/** The e2e database (and its server) that answers at `baseURL`. */
function databaseAt(baseURL: string) {
  const port = Number(new URL(baseURL).port);
  const target = E2E_DATABASES.find((database) => database.port === port);
  if (!target) throw new Error(`No e2e database serves ${baseURL}`);
  return target;
}

/** Where global-setup.ts saves the e2e admin's session (cookies) for the server at `baseURL`. */
export function adminSessionFile(baseURL: string): string {
  return databaseAt(baseURL).adminSession;
}

/**
 * For `test.use(signedInAsAdmin)`: the page, its context and `request` carry the e2e admin's session,
 * signed in once per database by global-setup.ts. The tests share that one session, so none may sign it
 * out or sign in again from it (the server ends the old session at a new sign-in): a test that signs in or
 * out starts signed out and makes its own session.
 */
export const signedInAsAdmin = {
  storageState: async (
    { baseURL }: { baseURL: string | undefined },
    use: (file: string) => Promise<void>,
  ) => {
    await use(adminSessionFile(baseURL!));
  },
};

/** For a visitor's browser context in a signed-in test: `browser.newContext({ storageState: signedOut })`. */
export const signedOut = { cookies: [], origins: [] };

/** Signs a signed-out browser context in with the shared admin session (as signedInAsAdmin would). */
export async function joinAdminSession(context: BrowserContext, baseURL: string) {
  const saved = JSON.parse(fs.readFileSync(adminSessionFile(baseURL), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
  };
  await context.addCookies(saved.cookies);
}

/**
 * The test for visitors' pages: `adminRequest` is an API client signed in as the admin (the shared
 * session), to set data up and clean it away, while `page` and `request` stay signed out. `brand` is the
 * site's brand name, as the pages name the business.
 */
export const test = base.extend<{ adminRequest: APIRequestContext; brand: string }>({
  brand: async ({ request }, use) => {
    await use((await siteSettings(request)).brandName);
  },
  adminRequest: async ({ playwright, baseURL }, use) => {
    const adminRequest = await playwright.request.newContext({
      baseURL,
      storageState: adminSessionFile(baseURL!),
    });
    await use(adminRequest);
    await adminRequest.dispose();
  },
});

/** Signs an API client in as the e2e admin, as the browser would (same-origin request): a new session. */
export async function signInApi(request: APIRequestContext, baseURL: string) {
  const response = await request.post('/api/admin/login', { data: E2E_ADMIN, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
}

/**
 * The business's own channels, added once per database before the tests (global-setup.ts), as the demo
 * content does: made first, never moved or deleted by a test, so they are the landing page's first channel
 * of each type while other tests add and delete channels of their own.
 */
export const BUSINESS_CHANNELS = [
  { type: 'whatsapp', value: '+91 98765 43210', proof: 'Main support line' },
  { type: 'phone', value: '+91 98765 43210', proof: 'Call us, 9 AM - 8 PM' },
  { type: 'telegram', value: '@sampark_support', proof: 'Community and updates' },
] as const;

/** The landing page's numbers and handle as the server has them now (the first active channel of each type). */
export async function contactFacts(request: APIRequestContext): Promise<ContactFacts> {
  const response = await request.get('/api/contacts/active');
  expect(response.status()).toBe(200);
  return contactFactsOf(((await response.json()) as { contacts: PublicContactChannel[] }).contacts);
}

/**
 * Where a link leads: a contact channel's counted link (`/go/{id}`, decision 035) is asked with HEAD, which
 * is not counted, for the channel's own link it redirects to; any other link is itself.
 */
export async function linkDestination(request: APIRequestContext, href: string | null): Promise<string> {
  expect(href).not.toBeNull();
  if (!href!.startsWith('/go/')) return href!;
  const response = await request.head(href!, { maxRedirects: 0 });
  expect(response.status(), href!).toBe(302);
  return response.headers().location ?? '';
}

/** Where every link of the page that matches `selector` leads (linkDestination), in page order. */
export async function linkDestinations(page: Page, selector = 'a[href]'): Promise<string[]> {
  const hrefs = await page
    .locator(selector)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return Promise.all(hrefs.map((href) => linkDestination(page.request, href)));
}

/** The site settings the server renders with: tests read them rather than assume the defaults. */
export async function siteSettings(request: APIRequestContext): Promise<SiteSettings> {
  const response = await request.get('/api/settings');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { settings: SiteSettings }).settings;
}

/** Holds the page's requests for `url` until the test calls the function returned: a slow network. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Console errors and uncaught exceptions of the page from now on (hydration mismatches, CSP reports, failed chunks). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * An axe audit of the page, run by axe.run in the page itself (the library's legacy mode), keeping the nodes
 * of violations only. The default way (runPartial in each frame, then finishRun in a blank page opened for
 * it) with every node of every passing rule sent back took 4.5 to 5.7 s and 6 to 8 CPU-seconds for one back
 * office screen here, against 1.3 s and 2 CPU-seconds this way, with the same violations (decision 069).
 * The pages audited have no frames from another origin, the case the default way is for.
 */
export function axeAudit(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}

/**
 * The serious and critical problems axe finds on the page, as `rule: elements`, once the page has settled.
 * `exclude` leaves a part out: a toast still fading in has a blended colour that axe reads as low contrast.
 */
export async function seriousAxeViolations(
  page: Page,
  exclude?: string,
  { everyRule = false } = {},
): Promise<string[]> {
  // A list refetching (a live update, a new filter) is busy and dimmed while it loads, then fades back:
  // axe reads the dimmed text as low contrast. Audit what the user is left with, not the moment between.
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  let builder = axeAudit(page);
  if (everyRule) builder = builder.withRules(EVERY_AXE_RULE);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

export async function expectNoSeriousAxeViolations(page: Page, exclude?: string) {
  expect(await seriousAxeViolations(page, exclude)).toEqual([]);
}

/**
 * Every rule axe has, best practices and experimental ones included (axe runs only some by default): the
 * public pages are what every visitor meets, so they are held to all of them.
 */
const EVERY_AXE_RULE = axe.getRules().map((rule) => rule.ruleId);

/** As expectNoSeriousAxeViolations, with every axe rule enabled: the audit of a public page. */
export async function expectNoSeriousAxeViolationsOfAnyRule(page: Page, exclude?: string) {
  expect(await seriousAxeViolations(page, exclude, { everyRule: true })).toEqual([]);
}

/** Each of `texts` is shown in `scope`, as a whole text of its own. */
export async function expectTextsVisible(scope: Page | Locator, texts: readonly string[]) {
  for (const text of texts) await expect(scope.getByText(text, { exact: true })).toBeVisible();
}

/** Where the admin screens' toasts (sonner) show: axe checks leave it out, as a toast may be fading. */
export const TOASTER = '[data-sonner-toaster]';

/** The admin screens' toasts, by their words and kind. */
export function toast(page: Page, text: string | RegExp, type: 'success' | 'error'): Locator {
  return page.locator(`[data-sonner-toast][data-type="${type}"]`, { hasText: text });
}

/** Reads an inquiry straight from the database the server under test uses (SQLite file or PostgreSQL). */
export async function storedInquiry(baseURL: string, id: string) {
  const database = await openDatabase(databaseTarget(databaseAt(baseURL).url));
  try {
    return await database.db
      .selectFrom('contactInquiries')
      .select(['name', 'phone', 'email', 'city', 'query', 'service', 'status', 'isRead'])
      .where('id', '=', id)
      .executeTakeFirst();
  } finally {
    await database.close();
  }
}

/** Moves an inquiry's arrival `days` back, as if it had been waiting since then. */
export async function ageInquiry(baseURL: string, id: string, days: number) {
  const database = await openDatabase(databaseTarget(databaseAt(baseURL).url));
  try {
    const createdAt = new Date(Date.now() - days * 24 * 60 * 60_000).toISOString();
    await database.db.updateTable('contactInquiries').set({ createdAt }).where('id', '=', id).execute();
  } finally {
    await database.close();
  }
}

export interface TeamMemberInput {
  email: string;
  password: string;
  name: string;
  role: Role;
}

/**
 * Adds a back-office user straight to the database the server under test uses, as `npm run admin` would;
 * returns its id.
 */
export async function createTeamMember(baseURL: string, member: TeamMemberInput): Promise<string> {
  const database = await openDatabase(databaseTarget(databaseAt(baseURL).url));
  try {
    const id = newId();
    const now = new Date().toISOString();
    await database.db
      .insertInto('admins')
      .values({
        id,
        email: member.email,
        name: member.name,
        role: member.role,
        passwordHash: await hashPassword(member.password),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return id;
  } finally {
    await database.close();
  }
}

/** Signs a browser context in as this user through the API (a same-origin request, as the form sends). */
export async function signInAs(
  context: BrowserContext,
  baseURL: string,
  credentials: { email: string; password: string },
) {
  const response = await context.request.post('/api/admin/login', {
    data: credentials,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Gives the password again for the session `request` carries (POST /api/admin/reauthenticate), so its
 * sensitive changes (team, tokens, webhooks, backups) go through without the prompt, however long the run
 * has taken since global-setup signed the shared session in (decision 049).
 */
export async function confirmIdentity(
  request: APIRequestContext,
  baseURL: string,
  password: string = E2E_ADMIN.password,
) {
  const response = await request.post('/api/admin/reauthenticate', {
    data: { password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * For a spec whose tests make sensitive changes (team, tokens, webhooks, backups) as the shared admin: its
 * pages and `request` carry the admin's session (signedInAsAdmin), whose password is given again before each
 * test (decision 049).
 */
export function asConfirmedAdmin(): void {
  base.use(signedInAsAdmin);
  base.beforeEach(async ({ request, baseURL }) => confirmIdentity(request, baseURL!));
}

/** Moves back the last confirmation of every session of `email`, as if it had been given `minutes` ago. */
export async function ageConfirmations(baseURL: string, email: string, minutes: number) {
  const database = await openDatabase(databaseTarget(databaseAt(baseURL).url));
  try {
    const admin = await database.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('adminSessions')
      .set({ reauthenticatedAt: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where('adminId', '=', admin.id)
      .execute();
  } finally {
    await database.close();
  }
}

export interface InquiryInput {
  name: string;
  phone: string;
  email: string;
  city: string;
  service: string;
  query: string;
}

/**
 * An address no other test sends, for X-Forwarded-For (the test server trusts its loopback proxy): from a
 * carrier's shared range, so that what counts attempts per address counts only this test's.
 */
export function addressOfItsOwn(): string {
  return `100.${64 + randomInt(64)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A phone's browser: a person, whom counted links and posters count (Playwright's own agent is a bot's). */
export const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';

/** A tag no other test's data contains, to search for. */
export function uniqueTag(): string {
  return `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function inquiryFor(tag: string, overrides: Partial<InquiryInput> = {}): InquiryInput {
  return {
    name: `Inbox ${tag}`,
    phone: '+91 98765 43210',
    email: `${tag}@example.com`,
    city: 'Pune',
    service: 'digital-marketing',
    query: `We need help with social media for ${tag}.`,
    ...overrides,
  };
}

/** Types an inquiry into the contact form's dialog, as a visitor would. */
export async function fillInquiryForm(dialog: Locator, inquiry: InquiryInput) {
  await dialog.getByLabel('Name').fill(inquiry.name);
  await dialog.getByLabel('Phone').fill(inquiry.phone);
  await dialog.getByLabel('Email').fill(inquiry.email);
  await dialog.getByLabel('City').fill(inquiry.city);
  await dialog.getByLabel('Service').selectOption(inquiry.service);
  await dialog.getByLabel('Your query').fill(inquiry.query);
}

/** The server's answer to one message too many from a connection. */
export const TOO_MANY_INQUIRIES = {
  status: 429,
  json: {
    success: false,
    code: 'RATE_LIMITED',
    message: 'Too many messages from your connection. Please try again in 60 minutes.',
  },
};

/** Answers the contact form's posts in place of the server, as `answer` says. */
export async function answerInquiryPosts(
  page: Page,
  answer: { status: number; json?: unknown; body?: string },
) {
  await page.route('**/api/contact-inquiries', (route) => route.fulfill(answer));
}

/** Sends an inquiry as a visitor's browser would (the public API checks the origin). */
export async function sendInquiry(request: APIRequestContext, baseURL: string, inquiry: InquiryInput) {
  const response = await request.post('/api/contact-inquiries', {
    data: inquiry,
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

export async function deleteInquiry(request: APIRequestContext, baseURL: string, id: string) {
  await request.delete(`/api/contact-inquiries/${id}`, { headers: { origin: baseURL } });
}

/** The figure of one of the five stat cards, once it has loaded. */
function statCard(page: Page, label: string): Locator {
  return page
    .locator('dl[aria-label="Inquiry statistics"] > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

export async function statValue(page: Page, label: string): Promise<number> {
  const card = statCard(page, label);
  await expect(card).toHaveText(/^[\d,.\s]+$/);
  return Number((await card.textContent())?.replace(/\D/g, ''));
}

/**
 * Server-rendered controls do nothing until React has hydrated them, which React marks by attaching its
 * props to the element: wait for that before clicking or navigating on the client.
 */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))),
    )
    .toBe(true);
}

/**
 * `target` is wholly on screen: below the public pages' sticky header and above the phone's bottom tab bar
 * (when shown). Polled, as a scroll may still be moving.
 */
export async function expectBelowStickyHeader(page: Page, target: Locator) {
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      const header = await page.locator('header[data-scrolled]').boundingBox();
      const tabBar = page.locator('nav.fixed.bottom-0');
      const viewport = page.viewportSize();
      if (!box || !header || !viewport) return 'not laid out';
      const bottom = (await tabBar.isVisible())
        ? ((await tabBar.boundingBox())?.y ?? viewport.height)
        : viewport.height;
      if (box.y < header.y + header.height)
        return `top ${box.y} under the header (ends at ${header.y + header.height})`;
      if (box.y + box.height > bottom) return `bottom ${box.y + box.height} below ${bottom}`;
      return 'visible';
    })
    .toBe('visible');
}

let mobilesMade = 0;

/**
 * A mobile number no other test of this run uses, valid in India, as ten national digits: 98, six digits
 * of the clock, the worker's slot (workers running at the same time have different ones) and a counter
 * (each run starts on fresh databases).
 */
export function uniqueIndianMobile(): string {
  mobilesMade += 1;
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  return `98${`${Date.now() % 1e6}`.padStart(6, '0')}${slot}${mobilesMade % 10}`;
}

/** The same, in the form an admin types it: `+91 98xxx xxxxx`. */
export function uniqueMobile(): string {
  const digits = uniqueIndianMobile();
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

export interface MemberApiInput {
  mobile: string;
  countryCode?: string;
  displayName?: string;
  password?: string;
}

/** Creates a member through the admin API (the request context must be signed in: signInApi). */
export async function createMemberApi(request: APIRequestContext, baseURL: string, member: MemberApiInput) {
  const response = await request.post('/api/members', { data: member, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { member: { _id: string; mobile: string }; password: string } })
    .data;
}

/** Creates a member through the admin API with a typed password; returns the member. */
export async function createMember(
  request: APIRequestContext,
  baseURL: string,
  input: MemberApiInput & { password: string },
) {
  return (await createMemberApi(request, baseURL, input)).member;
}

/** The members the admin API lists for a search (deleted members are never listed). */
export async function listedMembers(request: APIRequestContext, search: string) {
  const response = await request.get(`/api/members?${new URLSearchParams({ q: search, pageSize: '100' })}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { members: { _id: string; mobile: string }[] }).members;
}

/** Deletes every member the admin list finds for `q` (a mobile's digits or a name): test clean-up. */
export async function deleteMembersMatching(request: APIRequestContext, baseURL: string, q: string) {
  for (const member of await listedMembers(request, q)) {
    await request.delete(`/api/members/${member._id}`, { headers: { origin: baseURL } });
  }
}

/** Moves a post's publication to `publishedAt` (ISO 8601), as if it had been published then. */
export async function setPostPublishedAt(baseURL: string, id: string, publishedAt: string) {
  const database = await openDatabase(databaseTarget(databaseAt(baseURL).url));
  try {
    await database.db.updateTable('blogPosts').set({ publishedAt }).where('id', '=', id).execute();
  } finally {
    await database.close();
  }
}

const KOLKATA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/**
 * The next instant, at least two minutes from now, at which a clock in India reads `time` ("19:29") on
 * `weekday` (Monday 0): for a browser clock (page.clock). What a page says about its opening hours is a
 * timeline from the server's now, about a week of the demo's hours (decision 074), and this is within it.
 */
export function nextInKolkata(weekday: number, time: string): Date {
  const earliest = Date.now() + 2 * 60_000;
  for (let days = 0; days <= 8; days++) {
    const date = KOLKATA_DATE.format(new Date(earliest + days * 86_400_000));
    const at = new Date(`${date}T${time}:00+05:30`);
    const weekdayThere = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    if (weekdayThere === weekday && at.getTime() >= earliest) return at;
  }
  throw new Error(`No ${time} on weekday ${weekday} within eight days`);
}
