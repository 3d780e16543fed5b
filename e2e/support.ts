import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DATABASES } from '../playwright.config.ts';
import { databaseTarget } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';

export async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Signs an API client in as the e2e admin, as the browser would (same-origin request). */
export async function signInApi(request: APIRequestContext, baseURL: string) {
  const response = await request.post('/api/admin/login', { data: E2E_ADMIN, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
}

/** Reads an inquiry straight from the database the server under test uses (SQLite file or PostgreSQL). */
export async function storedInquiry(baseURL: string, id: string) {
  const port = Number(new URL(baseURL).port);
  const target = E2E_DATABASES.find((database) => database.port === port);
  if (!target) throw new Error(`No e2e database serves ${baseURL}`);
  const database = await openDatabase(databaseTarget(target.url));
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

export interface InquiryInput {
  name: string;
  phone: string;
  email: string;
  city: string;
  service: string;
  query: string;
}

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

let mobilesMade = 0;

/**
 * A mobile number no other test of this run uses, valid in India, as ten national digits: 98, six digits
 * of the clock and a counter (each run starts on fresh databases).
 */
export function uniqueIndianMobile(): string {
  mobilesMade += 1;
  return `98${`${Date.now() % 1e6}`.padStart(6, '0')}${`${mobilesMade % 100}`.padStart(2, '0')}`;
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
