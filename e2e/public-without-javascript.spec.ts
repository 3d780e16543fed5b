import { expect, type Page } from '@playwright/test';
import {
  addressOfItsOwn,
  createMember,
  expectBelowStickyHeader,
  expectNoSeriousAxeViolationsOfAnyRule,
  inquiryFor,
  listedMembers,
  test,
  uniqueIndianMobile,
  uniqueTag,
} from './support.ts';

/**
 * The public pages for a visitor whose browser runs no script: what the server renders must open, switch
 * and send by itself (details, links and a form posted natively).
 */
test.use({ javaScriptEnabled: false });

/** The answer of the question `text` on the page: its <details>, opened by clicking its summary. */
async function openQuestion(page: Page, text: string) {
  await page.locator('summary', { hasText: text }).click();
  await expect(page.locator('details', { has: page.locator('summary', { hasText: text }) })).toHaveAttribute(
    'open',
  );
}

test('the FAQ answers open, one at a time, without script', async ({ page }) => {
  await page.goto('/contact');
  const first = page.getByRole('region', { name: 'How quickly will I get a reply?' });
  const second = page.getByRole('region', { name: 'Do you help clients outside India?' });
  await expect(first).toBeHidden();
  await openQuestion(page, 'How quickly will I get a reply?');
  await expect(first).toContainText('replies during business hours');
  await openQuestion(page, 'Do you help clients outside India?');
  await expect(second).toContainText('international clients');
  await expect(first).toBeHidden();

  await page.goto('/');
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await faq.locator('summary').first().click();
  await expect(faq.locator('details').first()).toHaveAttribute('open');
  await expect(faq.locator('details').first().getByRole('region')).toBeVisible();
});

test('the terms’ second tab and its sections open without script', async ({ page }) => {
  await page.goto('/terms');
  await page.getByRole('tab', { name: 'Detailed Terms' }).click();
  await expect(page).toHaveURL(/\/terms\?tab=detailed$/);
  await expect(page.getByRole('tab', { name: 'Detailed Terms' })).toHaveAttribute('aria-selected', 'true');
  const detailed = page.getByRole('tabpanel', { name: 'Detailed Terms' });
  await expect(detailed).toBeVisible();
  await openQuestion(page, 'Acceptable Use Policy');
  await expect(detailed.getByRole('region', { name: 'Acceptable Use Policy' })).toContainText(
    'Professional conduct',
  );
  await expect(detailed.getByRole('region', { name: 'App Description & Purpose' })).toBeHidden();
});

test('the phone menu opens and closes without script: a popover', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/terms');
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the contact page’s Our Services tab opens without script', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('tab', { name: 'Our Services' }).click();
  await expect(page).toHaveURL(/\/contact\?tab=services$/);
  await expect(page.getByRole('tab', { name: 'Our Services' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page
      .getByRole('tabpanel', { name: 'Our Services' })
      .getByRole('heading', { name: 'Professional services' }),
  ).toBeVisible();
});

test('the game says it needs script, in both languages, instead of cards that do nothing', async ({
  page,
}) => {
  await page.goto('/tictactoe');
  await expect(page.getByRole('heading', { name: 'Choose a difficulty' })).toBeVisible();
  await expect(
    page.getByText('The game runs in your browser. If choosing a level does nothing, turn on JavaScript.'),
  ).toBeVisible();

  await page.goto('/hi/tictactoe');
  await expect(
    page.getByText('यह खेल आपके ब्राउज़र में चलता है। लेवल चुनने पर कुछ न हो, तो JavaScript चालू करें।'),
  ).toBeVisible();
});

test('Write to us sends an inquiry without script: refused fields keep what was typed, then it is sent', async ({
  page,
  adminRequest,
  baseURL,
}) => {
  const tag = uniqueTag();
  const inquiry = inquiryFor(tag);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Write to us' }).first().click();
  await expect(page).toHaveURL(/\/contact\/message/);
  const form = page.locator('main form');
  await expect(page.getByRole('heading', { level: 1, name: 'Send us a message' })).toBeVisible();

  // A bad email and no city: the server answers with the form as sent and each field's problem.
  await form.getByLabel('Name').fill(inquiry.name);
  await form.getByLabel('Phone').fill(inquiry.phone);
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Service').selectOption(inquiry.service);
  await form.getByLabel('Your query').fill(inquiry.query);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(form.getByLabel('Name')).toHaveValue(inquiry.name);
  await expect(form.getByLabel('Phone')).toHaveValue(inquiry.phone);
  await expect(form.getByLabel('Email')).toHaveValue('not-an-email');
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(/email/i);
  await expect(form.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('City')).toHaveAccessibleDescription(/City/);
  await expect(form.getByLabel('Service')).toHaveValue(inquiry.service);
  await expect(form.getByLabel('Your query')).toHaveValue(inquiry.query);

  await form.getByLabel('Email').fill(inquiry.email);
  await form.getByLabel('City').fill(inquiry.city);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent Successfully!' })).toBeVisible();
  await expect(page.getByText('Our team will contact you soon', { exact: true })).toBeVisible();

  // The owner finds it in the inbox.
  const listed = await adminRequest.get(`/api/contact-inquiries?${new URLSearchParams({ q: tag })}`);
  expect(listed.status()).toBe(200);
  const { inquiries } = (await listed.json()) as {
    inquiries: { _id: string; name: string; email: string; city: string; service: string }[];
  };
  expect(inquiries).toEqual([
    expect.objectContaining({
      name: inquiry.name,
      email: inquiry.email,
      city: inquiry.city,
      service: inquiry.service,
    }),
  ]);
  await adminRequest.delete(`/api/contact-inquiries/${inquiries[0]!._id}`, { headers: { origin: baseURL! } });
});

test('a service tile leads to the form with that service chosen, without script', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: /^Technical Support / }).click();
  await expect(page).toHaveURL(/\/contact\/message\?service=technical-support$/);
  await expect(page.locator('main form').getByLabel('Service')).toHaveValue('technical-support');
});

test('a form posted from another site is refused', async ({ request }) => {
  const answer = await request.post('/contact/message', {
    form: { ...inquiryFor(uniqueTag()) },
    headers: { origin: 'https://elsewhere.example' },
  });
  expect(answer.status()).toBe(403);
});

/** The deletion page's words in each language, as a visitor reads them. */
const DELETION_TEXTS = {
  en: {
    path: '/delete-account',
    mobile: 'Mobile number',
    password: 'Password',
    submit: 'Delete my account',
    confirmHeading: 'Delete this account for good?',
    confirm: 'Yes, delete my account',
    cancel: 'Cancel',
    wrong: 'The mobile number or password is incorrect',
    done: 'Account deleted successfully!',
  },
  hi: {
    path: '/hi/delete-account',
    mobile: 'मोबाइल नंबर',
    password: 'पासवर्ड',
    submit: 'मेरा खाता हटाएँ',
    confirmHeading: 'क्या यह खाता हमेशा के लिए हटा दें?',
    confirm: 'हाँ, मेरा खाता हटाएँ',
    cancel: 'रद्द करें',
    wrong: 'मोबाइल नंबर या पासवर्ड गलत है।',
    done: 'आपका खाता हटा दिया गया है!',
  },
} as const;

for (const [language, texts] of Object.entries(DELETION_TEXTS)) {
  test(`a member deletes their account without script (${language}): a wrong password returns to the form, Cancel keeps the number, then it is deleted`, async ({
    page,
    adminRequest,
    baseURL,
  }) => {
    const mobile = uniqueIndianMobile();
    const password = `no-script-${language}-1`;
    await createMember(adminRequest, baseURL!, { mobile, countryCode: '+91', password });
    const typed = `${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    // Its own address: other tests' wrong passwords from 127.0.0.1 would make the address busy, and a busy
    // address needs a proof of work, which a browser without script cannot give.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': addressOfItsOwn() });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(texts.path);
    const submit = page.getByRole('button', { name: texts.submit, exact: true });
    await expect(submit).toBeEnabled();

    // A wrong password: the form again, the message under the password field, the number kept.
    await page.getByLabel(texts.mobile).fill(typed);
    await page.getByLabel(texts.password, { exact: true }).fill('not-the-password');
    await submit.click();
    const passwordField = page.getByLabel(texts.password, { exact: true });
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField).toHaveAccessibleDescription(texts.wrong);
    await expect(passwordField).toHaveValue('');
    await expect(page.getByLabel(texts.mobile)).toHaveValue(typed);
    await expect(page.getByRole('alert')).toHaveText(texts.wrong);
    await expect(page.getByRole('heading', { name: texts.confirmHeading })).toHaveCount(0);
    await expectBelowStickyHeader(page, page.getByRole('alert'));
    await page.screenshot({ path: `/tmp/a-delete-account-wrong-password-nojs-${language}-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `/tmp/a-delete-account-wrong-password-nojs-${language}-1280.png` });
    expect(await listedMembers(adminRequest, mobile)).toHaveLength(1);

    // The right password: the server's confirmation, naming the number; Cancel goes back with it.
    await passwordField.fill(password);
    await submit.click();
    await expect(page.getByRole('heading', { name: texts.confirmHeading })).toBeVisible();
    await expect(page.getByRole('region', { name: texts.confirmHeading })).toContainText(`+91 ${typed}`);
    await page.getByRole('button', { name: texts.cancel }).click();
    await expect(page.getByLabel(texts.mobile)).toHaveValue(typed);
    expect(await listedMembers(adminRequest, mobile)).toHaveLength(1);

    // The answer opens at the form's column: the success heading shows below the sticky header (on a phone
    // for one language, on a desktop for the other).
    await page.setViewportSize(
      language === 'en' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    );
    await page.getByLabel(texts.password, { exact: true }).fill(password);
    await submit.click();
    await page.getByRole('button', { name: texts.confirm }).click();
    const done = page.getByRole('heading', { name: texts.done });
    await expect(done).toBeVisible();
    await expectBelowStickyHeader(page, done);
    expect(await listedMembers(adminRequest, mobile)).toEqual([]);
  });
}

test('the deletion page refuses a post from another site', async ({ request }) => {
  const answer = await request.post('/delete-account', {
    form: { countryCode: '+91', mobile: '98765 43210', password: 'anything' },
    headers: { origin: 'https://elsewhere.example' },
  });
  expect(answer.status()).toBe(403);
});

test.describe('with script', () => {
  test.use({ javaScriptEnabled: true });

  test('the form’s own page, with its problems shown, passes every axe rule', async ({ page }) => {
    await page.goto('/contact/message');
    const form = page.locator('main form');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
    await expect(form.getByLabel('Email')).toHaveValue('not-an-email');
    await expectNoSeriousAxeViolationsOfAnyRule(page);
  });
});
