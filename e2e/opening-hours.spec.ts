import { expect, type Locator, type Page } from '@playwright/test';
import {
  collectErrors,
  expectNoSeriousAxeViolationsOfAnyRule,
  nextInKolkata,
  siteSettings,
  test,
} from './support.ts';

// The demo's hours, which the e2e sites keep: Monday to Friday 9–8, Saturday 10–6, Sunday closed, in
// Asia/Kolkata. The browser's clock is set (page.clock); the page's script follows its timeline (decision 074).
const MONDAY = 0;
const FRIDAY = 4;
const SATURDAY = 5;

test.use({ viewport: { width: 360, height: 780 } });

const hoursBlock = (page: Page) => page.getByRole('region', { name: /^(Business Hours|काम के घंटे)$/ });
const chatGroup = (page: Page) => page.getByRole('region', { name: /^(Chat or write to us|चैट करें या लिखें)$/ });
/** The chat group's cards' headings, in page order. */
const chatCardTitles = (page: Page) => chatGroup(page).getByRole('heading', { level: 3 }).allTextContents();
/** The business's own WhatsApp card (other tests may add channels of their own after it). */
const whatsappCard = (page: Page) =>
  chatGroup(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'WhatsApp', exact: true }) })
    .first();
/** The first and the last card of the chat group. */
const chatEnds = async (page: Page) => {
  const titles = await chatCardTitles(page);
  return [titles[0], titles.at(-1)];
};

async function expectLine(scope: Locator, line: string) {
  await expect(scope.getByText(line, { exact: true })).toBeVisible();
}

test('a contact page left open says it is open, then closing soon, then closed with the form first', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.clock.install({ time: nextInKolkata(MONDAY, '19:29') });
  await page.goto('/contact');
  await expectLine(hoursBlock(page), 'Open now · closes 8:00 PM');
  const whatsapp = whatsappCard(page);
  await expectLine(whatsapp, 'Open now · closes 8:00 PM');
  await expect(whatsapp.getByText('Available Now')).toBeVisible();
  expect(await chatEnds(page)).toEqual(['WhatsApp', 'Send Message']);

  await page.clock.fastForward('01:30');
  await expectLine(hoursBlock(page), 'Closing soon · closes 8:00 PM');
  await expectLine(whatsapp, 'Closing soon · closes 8:00 PM');
  await expect(whatsapp.getByText('Available Now')).toBeVisible();

  await page.clock.fastForward('30:00');
  await expectLine(hoursBlock(page), 'Closed · opens tomorrow 9:00 AM');
  await expectLine(whatsapp, 'Closed · opens tomorrow 9:00 AM');
  await expect(whatsapp.getByText('Available Now')).toBeHidden();
  await expect(whatsapp.getByText('We reply from tomorrow 9:00 AM. Leave us a message now.')).toBeVisible();
  await expect(whatsapp.getByText('Main support line')).toBeHidden();
  // Outside hours the form is the first thing to reach for.
  expect(await chatEnds(page)).toEqual(['Send Message', 'Telegram Community']);
  await expectNoSeriousAxeViolationsOfAnyRule(page);
  expect(errors).toEqual([]);
});

test('the Hindi contact page turns at midnight in Asia/Kolkata', async ({ page }) => {
  await page.clock.install({ time: nextInKolkata(SATURDAY, '23:59') });
  await page.goto('/hi/contact');
  await expectLine(hoursBlock(page), 'अभी बंद है · सोमवार सुबह 9:00 बजे खुलेगा');
  await expect(whatsappCard(page).getByText('हम सोमवार सुबह 9:00 बजे से जवाब देंगे। अभी संदेश छोड़ दें।')).toBeVisible();
  await page.clock.fastForward('01:00');
  await expectLine(hoursBlock(page), 'अभी बंद है · कल सुबह 9:00 बजे खुलेगा');
  await expect(whatsappCard(page).getByText('हम कल सुबह 9:00 बजे से जवाब देंगे। अभी संदेश छोड़ दें।')).toBeVisible();
});

test('the landing page says whether it is open, in English and Hindi', async ({ page }) => {
  await page.clock.install({ time: nextInKolkata(FRIDAY, '19:45') });
  await page.goto('/');
  const hours = page.getByRole('complementary', { name: 'Support hours' });
  await expectLine(hours, 'Closing soon · closes 8:00 PM');
  await page.goto('/hi');
  await expectLine(page.getByRole('complementary', { name: 'सहायता का समय' }), 'जल्द बंद होगा · रात 8:00 बजे');
});

// The hours every page shows change: no other test may run meanwhile on this database.
test('on a holiday the pages say why it is closed, and list the coming closures', {
  tag: '@exclusive',
}, async ({ page, adminRequest, baseURL }) => {
  const original = await siteSettings(page.request);
  const tuesday = nextInKolkata(MONDAY + 1, '11:00');
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(tuesday);
  const put = (settings: object) =>
    adminRequest.put('/api/admin/settings', { data: settings, headers: { origin: baseURL! } });
  try {
    const closures = [{ date, note: 'Diwali', noteHi: 'दिवाली' }];
    expect((await put({ ...original, openingHours: { ...original.openingHours!, closures } })).status()).toBe(
      200,
    );
    await page.clock.install({ time: tuesday });
    await page.goto('/contact');
    await expectLine(hoursBlock(page), 'Closed today: Diwali · opens tomorrow 9:00 AM');
    await expect(hoursBlock(page).getByRole('listitem')).toContainText([/: Diwali$/]);
    await page.goto('/hi/contact');
    await expectLine(hoursBlock(page), 'आज बंद है: दिवाली · कल सुबह 9:00 बजे खुलेगा');
  } finally {
    expect((await put(original)).status()).toBe(200);
  }
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact page shows what is true when the server rendered it', async ({ page }) => {
    await page.goto('/contact');
    const line = await hoursBlock(page).locator('[data-open-line]').textContent();
    const open = !line!.startsWith('Closed');
    const whatsapp = whatsappCard(page);
    await expectLine(whatsapp, line!);
    await expect(whatsapp.getByText('Available Now')).toBeVisible({ visible: open });
    await expect(whatsapp.getByText(/^We reply from /)).toBeVisible({ visible: !open });
    expect((await chatCardTitles(page))[0]).toBe(open ? 'WhatsApp' : 'Send Message');
  });
});
