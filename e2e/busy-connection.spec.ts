import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_INQUIRY_CHALLENGE_AFTER_PER_HOUR } from '../playwright.config.ts';
import { ACCOUNT_DELETION_MESSAGES } from '../src/shared/rules/account-deletion.ts';
import { PROOF_OF_WORK_HEADER } from '../src/shared/rules/proof-of-work.ts';
import CHALLENGE_COPY from '../src/web/content/messages/en/challenge.json' with { type: 'json' };
import {
  addressOfItsOwn,
  createMember,
  fillInquiryForm,
  inquiryFor,
  listedMembers,
  storedInquiry,
  test,
  uniqueIndianMobile,
  uniqueTag,
} from './support.ts';

/**
 * Decision 027: when many requests come from one address, as they do from a mobile carrier's shared address,
 * the browser proves it is a person by solving a small proof of work, and the form goes through.
 *
 * Each test has an address of its own, sent in X-Forwarded-For (the test server trusts its loopback proxy).
 */
const DELETION_CHALLENGE_AFTER_FAILURES = 5;
const SOLVING_TIMEOUT_MS = 30_000;

const digits = (count: number) => String(randomInt(10 ** count)).padStart(count, '0');

/** Others behind the address have sent the hour's messages already (bots here: the honeypot stores nothing). */
/**
 * Holds each request to `path` that carries a solved proof of work until `release` is called, so that the
 * checking state can be seen; `answers` collects the statuses of every answer from `path`.
 */
async function holdSolvedRequests(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    if (route.request().headers()[PROOF_OF_WORK_HEADER]) await held;
    await route.continue();
  });
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(path)) answers.push(response.status());
  });
  return { release: () => release(), answers };
}

async function makeInquiriesBusy(request: APIRequestContext, baseURL: string, address: string) {
  const headers = { origin: baseURL, 'x-forwarded-for': address };
  const post = (tag: string) =>
    request.post('/api/contact-inquiries', {
      headers,
      data: { ...inquiryFor(tag, { phone: `+91 97${digits(8)}` }), website: 'https://spam.example' },
    });
  for (let i = 0; i < E2E_INQUIRY_CHALLENGE_AFTER_PER_HOUR; i++) {
    expect((await post(uniqueTag())).status()).toBe(201);
  }
  expect((await post(uniqueTag())).status()).toBe(428);
}

test('the contact form checks that the visitor is a person when the connection is busy, then sends', async ({
  page,
  request,
  baseURL,
}) => {
  const address = addressOfItsOwn();
  await makeInquiriesBusy(request, baseURL!, address);

  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await page.goto('/contact');
  const solverScripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script' && /altcha|sha-|index-/.test(sent.url()))
      solverScripts.push(sent.url());
  });
  await page.getByRole('button', { name: 'Write to us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  const inquiry = inquiryFor(uniqueTag(), { phone: `+91 98${digits(8)}` });
  await fillInquiryForm(dialog, inquiry);
  // Nothing of the solver is loaded before the server asks for it.
  expect(solverScripts).toEqual([]);

  // Hold the solved request until the checking state has been seen.
  const { release, answers } = await holdSolvedRequests(page, '/api/contact-inquiries');
  const solved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/contact-inquiries') &&
      response.request().headers()[PROOF_OF_WORK_HEADER] !== undefined,
    { timeout: SOLVING_TIMEOUT_MS },
  );
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  const checking = dialog.getByRole('button', { name: CHALLENGE_COPY.checking });
  await expect(checking).toBeVisible();
  await expect(checking).toBeDisabled();
  // What was typed stays in the form meanwhile.
  await expect(dialog.getByLabel('Email')).toHaveValue(inquiry.email);
  await expect(dialog.getByLabel('Your query')).toHaveValue(inquiry.query);
  release();

  const response = await solved;
  await expect(dialog.getByRole('heading', { name: 'Message Sent Successfully!' })).toBeVisible({
    timeout: SOLVING_TIMEOUT_MS,
  });
  expect(response.status()).toBe(201);
  expect(answers).toEqual([428, 201]);
  await expect(dialog.getByRole('heading', { name: 'Message Sent Successfully!' })).toBeVisible();
  const { data } = (await response.json()) as { data: { _id: string } };
  expect(await storedInquiry(baseURL!, data._id)).toMatchObject({
    email: inquiry.email,
    query: inquiry.query,
  });
});

test('the deletion page checks that the member is a person after failures on other mobiles, then deletes', async ({
  page,
  request,
  adminRequest,
  baseURL,
}) => {
  const address = addressOfItsOwn();
  const mobile = uniqueIndianMobile();
  const password = 'delete-me-please-1';
  await createMember(adminRequest, baseURL!, { mobile, countryCode: '+91', password });

  // Others behind the same address typed wrong passwords for other mobiles.
  for (let i = 0; i < DELETION_CHALLENGE_AFTER_FAILURES; i++) {
    const guess = await request.delete('/api/auth/delete-account', {
      headers: { origin: baseURL!, 'x-forwarded-for': address },
      data: { mobile: `+9190${digits(8)}`, password: 'guess' },
    });
    expect(guess.status()).toBe(401);
  }

  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await page.goto('/delete-account');
  // The form's island comes to life as the fields are filled (decision 062).
  const deleteButton = page.getByRole('button', { name: 'Delete my account' });
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await deleteButton.click();

  const { release, answers } = await holdSolvedRequests(page, '/api/auth/delete-account');
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  const checking = page.getByRole('button', { name: CHALLENGE_COPY.checking });
  await expect(checking).toBeVisible();
  await expect(checking).toHaveAttribute('aria-disabled', 'true');
  release();

  // Solving takes well under a second on a phone; a machine busy with other tests may take longer.
  await expect(page.getByRole('status')).toContainText(ACCOUNT_DELETION_MESSAGES.deleted, {
    timeout: SOLVING_TIMEOUT_MS,
  });
  expect(answers).toEqual([428, 200]);
  expect(await listedMembers(adminRequest, mobile)).toEqual([]);
});
