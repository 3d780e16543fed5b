import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { parse } from 'vcard4';
import {
  answerInquiryPosts,
  collectErrors,
  expectNoSeriousAxeViolationsOfAnyRule,
  expectTextsVisible,
  fillInquiryForm,
  holdRequests,
  linkDestination,
  nextInKolkata,
  storedInquiry,
  TOO_MANY_INQUIRIES,
  test,
} from './support.ts';

interface PublishedChannels {
  whatsapp: string;
  phone: string;
  telegram: string;
  email: string;
  instagram: string;
  facebook: string;
  youtube: string;
}

/** Publishes one channel of each kind a business usually has, with values no other test uses. */
async function publishChannels(
  adminRequest: APIRequestContext,
  baseURL: string,
): Promise<{ values: PublishedChannels; remove: () => Promise<void> }> {
  const n = String(Date.now()).slice(-8);
  const values: PublishedChannels = {
    // Mobile series that libphonenumber-js shows in groups of five, as typed here.
    whatsapp: `+91 97${n.slice(0, 3)} ${n.slice(3)}`,
    phone: `+91 98${n.slice(0, 3)} ${n.slice(3)}`,
    telegram: `@e2e_tg_${n}`,
    email: `e2e.mail.${n}@example.com`,
    instagram: `e2e.ig.${n}`,
    facebook: `https://facebook.com/e2e.fb.${n}`,
    youtube: `https://youtube.com/@e2e_yt_${n}`,
  };
  const ids: string[] = [];
  for (const [type, value] of Object.entries(values)) {
    const response = await adminRequest.post('/api/contacts', {
      data: { type, value },
      headers: { origin: baseURL },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { contact: { _id: string } }).contact._id);
  }
  return {
    values,
    remove: async () => {
      for (const id of ids)
        await adminRequest.delete(`/api/contacts/${id}`, { headers: { origin: baseURL } });
    },
  };
}

function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A card within `scope`: the list item with this heading and this value. */
function card(scope: Page | Locator, heading: string, value: string) {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
    .filter({ hasText: value });
}

const SERVICE_TILES = [
  'Business Consultation',
  'Digital Marketing',
  'Technical Support',
  'Financial Advisory',
];
/** A new site's week, the demo's (decision 073). */
const DEFAULT_HOURS = [
  ['Mon–Fri', '9:00 AM – 8:00 PM'],
  ['Sat', '10:00 AM – 6:00 PM'],
  ['Sun', 'Closed'],
];

/**
 * Opens the contact page. A page of islands (decision 062) answers to the visitor once loaded: its script
 * starts before the `load` event that `goto` waits for.
 */
async function openContactPage(page: Page, path = '/contact') {
  await page.goto(path);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a new visitor sees every text of the contact page', async ({ page, adminRequest, baseURL }) => {
      const errors = collectErrors(page);
      const channels = await publishChannels(adminRequest, baseURL!);
      try {
        // A Monday morning in India: open, by the demo's hours (the cards say so only when it is true).
        await page.clock.install({ time: nextInKolkata(0, '10:00') });
        await openContactPage(page);
        const tabs = page.getByRole('tablist');
        await expect(tabs.getByRole('tab', { name: 'Instant Support' })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(tabs.getByRole('tab', { name: 'Our Services' })).toHaveAttribute(
          'aria-selected',
          'false',
        );

        const instant = page.getByRole('tabpanel', { name: 'Instant Support' });
        const { whatsapp, phone, telegram, email, instagram, facebook, youtube } = channels.values;
        // Every published channel is on the first tab, in its group: chat (and write), call, social.
        const group = (name: string) => instant.getByRole('region', { name });
        const chatGroup = group('Chat or write to us');
        const chat = card(chatGroup, 'WhatsApp', whatsapp);
        await expect(chat).toBeVisible();
        await expect(chat.getByText('Available Now')).toBeVisible();
        // Through its counted link (decision 035) to the channel's own.
        const leadsTo = async (link: Locator) =>
          linkDestination(page.request, await link.getAttribute('href'));
        expect(await leadsTo(chat.getByRole('link', { name: /Chat on WhatsApp/ }))).toBe(
          `https://wa.me/${digits(whatsapp)}`,
        );
        const community = card(chatGroup, 'Telegram Community', telegram);
        await expect(community).toBeVisible();
        expect(await leadsTo(community.getByRole('link', { name: /Join on Telegram/ }))).toBe(
          `https://t.me/${telegram.slice(1)}`,
        );
        const mail = card(chatGroup, 'Email', email);
        await expect(mail).toBeVisible();
        expect(await leadsTo(mail.getByRole('link', { name: 'Open Email' }))).toBe(`mailto:${email}`);
        await expect(chatGroup.getByRole('heading', { name: 'Send Message', exact: true })).toBeVisible();
        const call = card(group('Call us'), 'Direct Call', phone);
        await expect(call).toBeVisible();
        await expect(call.getByText('Available Now')).toBeVisible();
        expect(await leadsTo(call.getByRole('link', { name: 'Call now' }))).toBe(`tel:+${digits(phone)}`);
        const social = group('Follow us');
        expect(await leadsTo(card(social, 'Instagram', instagram).getByRole('link'))).toBe(
          `https://instagram.com/${instagram}`,
        );
        await expect(card(social, 'Instagram', instagram)).toBeVisible();
        expect(await leadsTo(card(social, 'Facebook', 'facebook.com/e2e.fb.').getByRole('link'))).toBe(
          facebook,
        );
        await expect(card(social, 'YouTube', 'youtube.com/@e2e_yt_')).toBeVisible();
        expect(await leadsTo(card(social, 'YouTube', 'youtube.com/@e2e_yt_').getByRole('link'))).toBe(
          youtube,
        );

        for (const service of SERVICE_TILES) {
          // The name is the tile's visible text: its title, then its description.
          await expect(instant.getByRole('button', { name: new RegExp(`^${service} \\S`) })).toBeVisible();
        }
        await expect(instant.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
        await expect(instant.locator('details:not([open])')).toHaveCount(5);

        const hours = page.getByRole('region', { name: 'Business Hours' });
        await expect(hours.getByRole('heading', { name: 'Business Hours' })).toBeVisible();
        for (const [days, time] of DEFAULT_HOURS) {
          await expect(hours.getByText(days!, { exact: true })).toBeVisible();
          await expect(hours.getByText(time!, { exact: true })).toBeVisible();
        }
        await expectNoSeriousAxeViolationsOfAnyRule(page);

        await tabs.getByRole('tab', { name: 'Our Services' }).click();
        const services = page.getByRole('tabpanel', { name: 'Our Services' });
        await expect(instant).toBeHidden();
        // The second tab is the services banner alone: no channel waits there.
        await expect(services.getByRole('article')).toHaveCount(0);
        await expect(
          services.getByRole('heading', { name: 'Professional services for your business' }),
        ).toBeVisible();
        await expect(hours).toBeVisible();
        await expectNoSeriousAxeViolationsOfAnyRule(page);
        expect(errors).toEqual([]);
      } finally {
        await channels.remove();
      }
    });
  });
}

test('every channel is on the first tab in the server’s HTML, with Hindi group headings; the second tab has its own address', async ({
  browser,
  adminRequest,
  baseURL,
}) => {
  const channels = await publishChannels(adminRequest, baseURL!);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/hi/contact');
    const instant = page.getByRole('tabpanel', { name: 'तुरंत सहायता' });
    const { telegram, instagram } = channels.values;
    const join = card(instant.getByRole('region', { name: 'चैट करें या लिखें' }), 'Telegram कम्युनिटी', telegram);
    await expect(join).toBeVisible();
    expect(await linkDestination(page.request, await join.getByRole('link').getAttribute('href'))).toBe(
      `https://t.me/${telegram.slice(1)}`,
    );
    await expect(instant.getByRole('region', { name: 'हमें कॉल करें' })).toBeVisible();
    await expect(
      card(instant.getByRole('region', { name: 'हमें फ़ॉलो करें' }), 'Instagram', instagram),
    ).toBeVisible();

    await page.goto('/contact?tab=services');
    await expect(page.getByRole('tab', { name: 'Our Services' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page
        .getByRole('tabpanel', { name: 'Our Services' })
        .getByRole('heading', { name: /Professional services/ }),
    ).toBeVisible();
    // The first tab's content is in the HTML too (for search engines), only hidden.
    await expect(page.getByRole('tabpanel', { name: 'Instant Support', includeHidden: true })).toBeHidden();
  } finally {
    await context.close();
    await channels.remove();
  }
});

test('"Save contact" downloads the business’s card for the address book, in Hindi too and without script', async ({
  browser,
  page,
  adminRequest,
  baseURL,
  brand,
}) => {
  const channels = await publishChannels(adminRequest, baseURL!);
  const withoutScript = await browser.newContext({ javaScriptEnabled: false });
  /** The card a click on the page's link downloads, read by a vCard parser. */
  const savedFrom = async (on: Page, path: string, label: string) => {
    await on.goto(path);
    const [download] = await Promise.all([
      on.waitForEvent('download'),
      on.getByRole('link', { name: label }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('contact.vcf');
    const parsed = parse(fs.readFileSync(await download.path(), 'utf8'));
    if (Array.isArray(parsed)) throw new Error('one card expected');
    return parsed.parsedVcard as { property: string; value: unknown }[];
  };
  const valuesOf = (lines: { property: string; value: unknown }[], property: string) =>
    lines.filter((line) => line.property === property).map((line) => String(line.value));
  try {
    const english = await savedFrom(page, '/contact', 'Save contact');
    expect(valuesOf(english, 'FN')).toEqual([brand]);
    // The WhatsApp number just published is in it, as the phone dials it.
    expect(valuesOf(english, 'TEL').join(' ')).toContain(digits(channels.values.whatsapp));
    const hindi = await savedFrom(await withoutScript.newPage(), '/hi/contact', 'संपर्क सेव करें');
    expect(valuesOf(hindi, 'FN')).toEqual([brand]);
    expect(valuesOf(hindi, 'URL').join(' ')).toContain('/hi/contact');
  } finally {
    await withoutScript.close();
    await channels.remove();
  }
});

// Alone: the test takes every channel off the page for a moment, and no other test publishes one meanwhile.
test('channel cards are hidden when no such channel is published', { tag: '@exclusive' }, async ({
  page,
  adminRequest,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  const { contacts } = (await (await adminRequest.get('/api/contacts')).json()) as {
    contacts: { _id: string; isActive: boolean }[];
  };
  const published = contacts.filter((channel) => channel.isActive);
  const publish = async (isActive: boolean) => {
    for (const channel of published) {
      const response = await adminRequest.patch(`/api/contacts/${channel._id}`, {
        data: { isActive },
        headers,
      });
      expect(response.status()).toBe(200);
    }
  };
  await publish(false);
  try {
    await expectNoChannelCards(page);
  } finally {
    await publish(true);
  }
});

async function expectNoChannelCards(page: Page) {
  await page.goto('/contact');
  const instant = page.getByRole('tabpanel', { name: 'Instant Support' });
  await expect(instant.getByRole('heading', { name: 'Send Message', exact: true })).toBeVisible();
  await expect(instant.getByRole('heading', { name: 'WhatsApp', exact: true })).toHaveCount(0);
  await expect(instant.getByRole('heading', { name: 'Direct Call', exact: true })).toHaveCount(0);
  await expect(instant.getByRole('region', { name: 'Call us' })).toHaveCount(0);
  await expect(instant.getByRole('region', { name: 'Follow us' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Our Services' }).click();
  const services = page.getByRole('tabpanel', { name: 'Our Services' });
  await expect(
    services.getByRole('heading', { name: 'Professional services for your business' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Business Hours' })).toBeVisible();
}

test('the tabs and the FAQ work with the mouse and the keyboard', async ({ page }) => {
  await openContactPage(page);
  const instantTab = page.getByRole('tab', { name: 'Instant Support' });
  const servicesTab = page.getByRole('tab', { name: 'Our Services' });

  // Keyboard: arrows move and select (wrapping), Home and End jump; only the selected tab is tabbable.
  await instantTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(servicesTab).toBeFocused();
  await expect(servicesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Our Services' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(instantTab).toBeFocused();
  await expect(instantTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(servicesTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(instantTab).toHaveAttribute('aria-selected', 'true');
  await expect(servicesTab).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Instant Support' })).toBeFocused();

  // Mouse.
  await servicesTab.click();
  await expect(page.getByRole('tabpanel', { name: 'Instant Support' })).toBeHidden();
  await instantTab.click();
  await expect(page.getByRole('tabpanel', { name: 'Instant Support' })).toBeVisible();

  // FAQ: one answer open at a time; activating the open question closes it.
  const question = (text: string) => page.locator('summary', { hasText: text });
  const item = (text: string) => page.locator('details', { has: question(text) });
  const firstAnswer = page.getByRole('region', { name: 'How quickly will I get a reply?' });
  const secondAnswer = page.getByRole('region', { name: 'Do you help clients outside India?' });
  await question('How quickly will I get a reply?').click();
  await expect(item('How quickly will I get a reply?')).toHaveAttribute('open');
  await expect(firstAnswer).toContainText('replies during business hours');
  await question('Do you help clients outside India?').click();
  await expect(item('Do you help clients outside India?')).toHaveAttribute('open');
  await expect(item('How quickly will I get a reply?')).not.toHaveAttribute('open');
  await expect(firstAnswer).toBeHidden();
  await expect(secondAnswer).toContainText('international clients');
  await question('Do you help clients outside India?').click();
  await expect(item('Do you help clients outside India?')).not.toHaveAttribute('open');
  await expect(secondAnswer).toBeHidden();

  const third = question('Which channel should I use?');
  await third.focus();
  await page.keyboard.press('Enter');
  await expect(item('Which channel should I use?')).toHaveAttribute('open');
  await page.keyboard.press('Space');
  await expect(item('Which channel should I use?')).not.toHaveAttribute('open');
});

/** What a toast said, beside the panel, before there was one success panel only. */
const SENT_TOAST = "Message sent successfully! We'll contact you soon.";

const INQUIRY = {
  name: 'Asha Rao',
  phone: '+91 98765 43210',
  email: 'asha.rao@example.com',
  city: 'Pune',
  service: 'digital-marketing',
  query: 'We are launching a shop and need help with social media.',
};

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the contact form validates, sends, thanks once in a panel and closes after 3 s', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await openContactPage(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contact-inquiries')) {
        posts.push(request.url());
      }
    });

    const opener = page.getByRole('button', { name: 'Write to us' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Send us a message' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('placeholder', '98765 43210');
    await expect(dialog.getByLabel('Country code')).toHaveValue('+91');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Your query')).toHaveAttribute('rows', '4');
    for (const label of ['Name', 'Phone', 'Email', 'City', 'Service', 'Your query']) {
      await expect(dialog.getByLabel(label)).toHaveAttribute('required', '');
    }
    await expect(dialog.getByLabel('Service').locator('option').first()).toHaveText('Select Service');
    await expect(dialog.getByLabel('Service').locator('option')).toHaveText([
      'Select Service',
      'Business Consultation',
      'Digital Marketing',
      'Technical Support',
      'Financial Advisory',
      'Other',
    ]);
    // The honeypot is out of reach for people and assistive technology.
    const honeypot = dialog.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(dialog.getByRole('textbox', { name: /empty/i })).toHaveCount(0);

    // Empty: every field says what it needs, focus goes to the first, nothing is sent.
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expectTextsVisible(dialog, [
      'Name is required',
      'Phone is required',
      'Email is required',
      'City is required',
      'Select a service',
      'Query is required',
    ]);
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expectNoSeriousAxeViolationsOfAnyRule(page);
    expect(posts).toEqual([]);

    // A message goes away when its field is edited.
    await dialog.getByLabel('Name').fill(INQUIRY.name);
    await expect(dialog.getByText('Name is required')).toHaveCount(0);

    await fillInquiryForm(dialog, INQUIRY);
    // Hold the request until the sending state has been seen.
    const release = await holdRequests(page, '**/api/contact-inquiries');
    const responsePromise = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/contact-inquiries') && response.request().method() === 'POST',
    );
    // From here on the page's time stands still unless the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    const sending = dialog.getByRole('button', { name: 'Sending Message...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();

    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { success: boolean; message: string; data: { _id: string } };
    expect(body).toEqual({
      success: true,
      message: "Message sent successfully! We'll contact you soon.",
      data: { _id: expect.any(String) },
    });
    expect(response.request().postDataJSON()).toEqual({
      ...INQUIRY,
      countryCode: '+91',
      website: '',
      language: 'en',
    });
    // The inquiry is in the database with its service, new and unread.
    expect(await storedInquiry(baseURL!, body.data._id)).toEqual({
      ...INQUIRY,
      phone: '+919876543210',
      status: 'new',
      isRead: 0,
    });

    // One clear success panel, which has the focus (a screen reader reads it), and nothing else saying it.
    const panel = dialog.getByRole('region', { name: 'Message Sent Successfully!' });
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAccessibleDescription('Our team will contact you soon');
    await expect(panel).toBeFocused();
    await expect(page.getByText(SENT_TOAST, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

    // The success panel stays 3 s, then the dialog closes and focus is back on the button that opened it.
    await page.clock.runFor(2_900);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(100);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByText(SENT_TOAST, { exact: true })).toHaveCount(0);

    // Opened again, the form is empty.
    await opener.click();
    await expect(dialog).toBeVisible();
    for (const label of ['Name', 'Phone', 'Email', 'City', 'Service', 'Your query']) {
      await expect(dialog.getByLabel(label)).toHaveValue('');
    }
  });
});

test('a refused message keeps everything typed and shows the server’s words', async ({ page }) => {
  await openContactPage(page);
  await page.getByRole('button', { name: 'Write to us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await fillInquiryForm(dialog, INQUIRY);

  // Too many messages from this connection: the server's message is shown.
  await answerInquiryPosts(page, TOO_MANY_INQUIRIES);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Too many messages from your connection. Please try again in 60 minutes.',
  );
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await expect(dialog.getByLabel('Name')).toHaveValue(INQUIRY.name);
  await expect(dialog.getByLabel('Phone')).toHaveValue(INQUIRY.phone);
  await expect(dialog.getByLabel('Email')).toHaveValue(INQUIRY.email);
  await expect(dialog.getByLabel('City')).toHaveValue(INQUIRY.city);
  await expect(dialog.getByLabel('Service')).toHaveValue(INQUIRY.service);
  await expect(dialog.getByLabel('Your query')).toHaveValue(INQUIRY.query);

  // Field errors from the server show under their fields.
  await page.unrouteAll();
  await answerInquiryPosts(page, {
    status: 400,
    json: {
      success: false,
      code: 'VALIDATION',
      message: 'Please correct the highlighted fields',
      errors: { email: 'This address cannot receive mail' },
    },
  });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription('This address cannot receive mail');
  await expect(dialog.getByLabel('Email')).toBeFocused();
  // The field says what is wrong; the alert only that fields are marked, not the same words again.
  await expect(dialog.getByRole('alert')).toHaveText('Please correct the highlighted fields.');

  // No message from the server (it is down): the fallback text.
  await page.unrouteAll();
  await answerInquiryPosts(page, { status: 502, body: 'Bad gateway' });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to submit inquiry. Please try again.');
  await expect(dialog.getByLabel('Your query')).toHaveValue(INQUIRY.query);
});

test('a service tile opens the form with that service chosen; Escape closes it', async ({ page }) => {
  await openContactPage(page);
  const tile = page.getByRole('button', { name: /^Technical Support / });
  await tile.click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Service')).toHaveValue('technical-support');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tile).toBeFocused();
});

const PHONE_MESSAGE = 'Enter a valid phone number for the chosen country, e.g. 98765 43210';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the phone field at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the country code is narrow; a number no country has is refused before sending, its message shown once', async ({
      page,
    }) => {
      await openContactPage(page);
      await page.getByRole('button', { name: 'Write to us' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send us a message' });
      const code = dialog.getByLabel('Country code');
      const phone = dialog.getByLabel('Phone');
      await expect(code).toHaveValue('+91');
      // The code takes a small part of the row; the number has the rest.
      const codeBox = (await code.boundingBox())!;
      const phoneBox = (await phone.boundingBox())!;
      expect(codeBox.width).toBeLessThanOrEqual(100);
      expect(phoneBox.width).toBeGreaterThan(codeBox.width * 2);
      expect(Math.abs(codeBox.y - phoneBox.y)).toBeLessThan(2);
      // The closed select shows the chosen code; the list still names each country.
      await expect(dialog.getByText('+91', { exact: true })).toBeVisible();
      await code.selectOption('+44');
      await expect(dialog.getByText('+44', { exact: true })).toBeVisible();
      await expect(code.locator('option:checked')).toHaveText(/^\+44 \S/);
      await code.selectOption('+91');

      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/contact-inquiries'))
          posts.push(request.url());
      });
      await fillInquiryForm(dialog, { ...INQUIRY, phone: '0000000000' });
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await expect(phone).toHaveAccessibleDescription(PHONE_MESSAGE);
      await expect(phone).toBeFocused();
      await expect(dialog.getByText(PHONE_MESSAGE)).toHaveCount(1);
      expect(posts).toEqual([]);

      // A number of the right shape that the server finds is no number: its message, once, under the field.
      // (Ten digits, but no Indian number starts with 5: libphonenumber on the server refuses it.)
      await phone.fill('5555 55555');
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
      await expect(phone).toHaveAccessibleDescription(PHONE_MESSAGE);
      await expect(dialog.getByText(PHONE_MESSAGE)).toHaveCount(1);
      expect(posts).toHaveLength(1);
    });
  });
}
