import { expect } from '@playwright/test';
import { FULL_CHROMIUM_LAUNCH } from '../playwright.config.ts';
import { joinAdminSession, test } from './support.ts';

// The full browser: in the headless shell the tab a WhatsApp link opens ends on an error page instead of
// the stand-in that the route below answers with, once /go/ sends it on to wa.me.
test.use({ launchOptions: FULL_CHROMIUM_LAUNCH });

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface ChannelClickTotal {
  channelId: string;
  clicks: number;
}

// A channel of its own, but a new published channel shows on every page: no other test may run meanwhile.
test('clicks on the contact page’s WhatsApp card show on the dashboard; a crawler’s do not', {
  tag: '@exclusive',
}, async ({ page, adminRequest, baseURL, browser }) => {
  const n = String(Date.now()).slice(-8);
  const number = `+91 9${n.slice(0, 4)} ${n.slice(4)}3`;
  const digits = number.replace(/\D/g, '');
  const added = await adminRequest.post('/api/contacts', {
    data: { type: 'whatsapp', value: number },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { contact: { _id: string } }).contact._id;
  const clicksOf = async () => {
    const response = await adminRequest.get('/api/admin/dashboard/clicks-and-views?days=7');
    expect(response.status()).toBe(200);
    const { clicksAndViews } = (await response.json()) as {
      clicksAndViews: { channelClicks: ChannelClickTotal[] };
    };
    return clicksAndViews.channelClicks.find((total) => total.channelId === id)?.clicks ?? 0;
  };

  try {
    // WhatsApp itself is never reached: the tab it opens gets a stand-in page.
    const opened: string[] = [];
    await page.context().route('https://wa.me/**', (route) => {
      opened.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' });
    });
    await page.goto('/contact');
    const chat = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'WhatsApp', exact: true }) })
      .filter({ hasText: number })
      .getByRole('link', { name: /Chat on WhatsApp/ });
    await expect(chat).toHaveAttribute('href', `/go/${id}`);
    await expect(chat).toHaveAttribute('rel', /nofollow/);

    for (let click = 1; click <= 2; click++) {
      const [whatsapp] = await Promise.all([page.waitForEvent('popup'), chat.click()]);
      await expect(whatsapp).toHaveURL(`https://wa.me/${digits}`);
      await whatsapp.close();
    }
    expect(opened).toEqual([`https://wa.me/${digits}`, `https://wa.me/${digits}`]);

    // A crawler following the same link is sent on too, but not counted.
    const crawled = await page.request.get(`/go/${id}`, {
      headers: { 'user-agent': GOOGLEBOT },
      maxRedirects: 0,
    });
    expect(crawled.status()).toBe(302);
    expect(crawled.headers().location).toBe(`https://wa.me/${digits}`);
    await expect.poll(clicksOf).toBe(2);

    // The dashboard, as the administrator sees it.
    const admin = await browser.newContext();
    try {
      await joinAdminSession(admin, baseURL!);
      const dashboard = await admin.newPage();
      await dashboard.goto('/admin/dashboard');
      const card = dashboard.getByRole('region', { name: 'Channel clicks' });
      await card.getByRole('button', { name: '7 days' }).click();
      await expect(card.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(card.getByRole('listitem').filter({ hasText: number })).toContainText('2 clicks');
      await expect(dashboard.getByRole('region', { name: 'Post views' })).toBeVisible();

      // Reset, after a question: the channel's clicks are gone from every period.
      await card.getByRole('button', { name: 'Reset click counts' }).click();
      const question = dashboard.getByRole('alertdialog', { name: 'Reset click counts?' });
      await question.getByRole('button', { name: 'Reset' }).click();
      await expect(question).toBeHidden();
      await expect(dashboard.getByText('Click counts reset')).toBeVisible();
      await expect(card.getByRole('listitem').filter({ hasText: number })).toHaveCount(0);
    } finally {
      await admin.close();
    }
    expect(await clicksOf()).toBe(0);
  } finally {
    await adminRequest.delete(`/api/contacts/${id}`, { headers: { origin: baseURL! } });
  }
});
