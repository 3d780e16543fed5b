import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/contracts/audit-log.ts';
import type { ClicksAndViews } from '../../../shared/contracts/dashboard.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/time.ts';
import { createClickCounter } from '../../lib/click-counter.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  expectBadRequest,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';
import { GOOGLEBOT, PHONE_BROWSER } from '../../test-support/user-agents.ts';
import { createChannelClickRepository } from './repository.ts';

const CLICKS = '/api/admin/dashboard/clicks-and-views';
const RESET = '/api/admin/dashboard/channel-clicks';

describe.each(TEST_DIALECTS)('channel clicks (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  const admin = (options: InjectOptions, cookie = t.cookie) => t.app.inject(asAdmin(cookie, options));

  const addChannel = async (payload: Record<string, unknown>): Promise<string> => {
    const response = await admin({ method: 'POST', url: '/api/contacts', payload });
    expect(response.statusCode).toBe(201);
    return response.json().contact._id;
  };
  const click = (
    path: string,
    headers: Record<string, string> = { 'user-agent': PHONE_BROWSER },
    method = 'GET',
  ) =>
    t.app.inject({
      method: method as InjectOptions['method'],
      url: path,
      headers,
      remoteAddress: '198.51.100.7',
    });
  const clicksAndViews = async (days?: number, cookie = t.cookie): Promise<ClicksAndViews> => {
    await t.app.channelClickCounter.settled();
    const response = await admin({ method: 'GET', url: days ? `${CLICKS}?days=${days}` : CLICKS }, cookie);
    expect(response.statusCode).toBe(200);
    return response.json().clicksAndViews;
  };
  const clicksOf = async (channelId: string, days?: number) =>
    (await clicksAndViews(days)).channelClicks.find((total) => total.channelId === channelId)?.clicks ?? 0;
  const expectRedirect = (response: LightMyRequestResponse, location: string) => {
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  };

  it('sends a click on a WhatsApp channel to wa.me at once and counts each click once', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    for (let i = 0; i < 3; i++) expectRedirect(await click(`/go/${id}`), 'https://wa.me/919876543210');

    expect(await clicksAndViews(7)).toMatchObject({
      days: 7,
      channelClicks: [{ channelId: id, type: 'whatsapp', display: '+91 98765 43210', clicks: 3 }],
    });
  });

  it('sends phone, email and Telegram clicks to their own links, with WhatsApp’s message and no other', async () => {
    const whatsapp = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    const phone = await addChannel({ type: 'phone', value: '+91 98765 11111' });
    const email = await addChannel({ type: 'email', value: 'help@example.com' });
    const telegram = await addChannel({ type: 'telegram', value: '@sampark_help' });
    const text = encodeURIComponent('Hi, I need an ID & help');

    expectRedirect(await click(`/go/${whatsapp}?text=${text}`), `https://wa.me/919876543210?text=${text}`);
    // A message with a control character, or for a channel that takes none, is left out; the click still goes.
    expectRedirect(await click(`/go/${whatsapp}?text=a%00b`), 'https://wa.me/919876543210');
    expectRedirect(await click(`/go/${phone}?text=${text}`), 'tel:+919876511111');
    expectRedirect(await click(`/go/${email}`), 'mailto:help@example.com');
    expectRedirect(await click(`/go/${telegram}`), 'https://t.me/sampark_help');

    const totals = (await clicksAndViews()).channelClicks;
    expect(totals.map(({ channelId, clicks }) => [channelId, clicks])).toEqual([
      [whatsapp, 2],
      [phone, 1],
      [email, 1],
      [telegram, 1],
    ]);
  });

  it('sends a click on a hidden, deleted or unknown channel to the contact page, counting nothing', async () => {
    const hidden = await addChannel({ type: 'whatsapp', value: '+91 98765 43210', isActive: false });
    const deleted = await addChannel({ type: 'phone', value: '+91 98765 11111' });
    expect((await admin({ method: 'DELETE', url: `/api/contacts/${deleted}` })).statusCode).toBe(200);

    for (const path of [
      `/go/${hidden}`,
      `/go/${deleted}`,
      `/go/${randomUUID()}`,
      '/go/not-an-id',
      '/go/%00',
    ]) {
      expectRedirect(await click(path), '/contact');
    }
    expect((await clicksAndViews(90)).channelClicks).toEqual([]);
  });

  it('does not count crawlers, link checkers (HEAD), prefetches or requests without a User-Agent', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    const notPeople: [Record<string, string>, string][] = [
      [{ 'user-agent': GOOGLEBOT }, 'GET'],
      [{ 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' }, 'GET'],
      [{ 'user-agent': 'curl/8.5.0' }, 'GET'],
      [{}, 'GET'],
      [{ 'user-agent': PHONE_BROWSER }, 'HEAD'],
      [{ 'user-agent': PHONE_BROWSER, 'sec-purpose': 'prefetch' }, 'GET'],
      [{ 'user-agent': PHONE_BROWSER, 'sec-purpose': 'prefetch;prerender' }, 'GET'],
      [{ 'user-agent': PHONE_BROWSER, purpose: 'prefetch' }, 'GET'],
      [{ 'user-agent': PHONE_BROWSER, 'x-moz': 'prefetch' }, 'GET'],
    ];
    for (const [headers, method] of notPeople) {
      // They are still sent on: only the count leaves them out.
      expectRedirect(await click(`/go/${id}`, headers, method), 'https://wa.me/919876543210');
    }
    expect(await clicksOf(id)).toBe(0);

    await click(`/go/${id}`);
    expect(await clicksOf(id)).toBe(1);
  });

  it('counts 50 clicks at the same moment exactly', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    const responses = await Promise.all(Array.from({ length: 50 }, () => click(`/go/${id}`)));
    for (const response of responses) expectRedirect(response, 'https://wa.me/919876543210');
    expect(await clicksOf(id)).toBe(50);
  });

  it('writes a flood of clicks in a statement or two, counting every one', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    const repository = createChannelClickRepository(t.database.db);
    let statements = 0;
    const counter = createClickCounter({
      clicks: {
        add: (...args) => {
          statements += 1;
          return repository.add(...args);
        },
      },
      timeZone: async () => 'Asia/Kolkata',
      clock: Date.now,
      log: t.app.log,
    });
    for (let i = 0; i < 2_000; i++) counter.count(id);
    await counter.settled();
    expect(await clicksOf(id)).toBe(2_000);
    // The first click's write starts at once; the other 1,999 arrive while it runs and go in one more.
    expect(statements).toBe(2);
  });

  it('writes clicks gathered across the business’s midnight to the day each was made on', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    // Midnight in India (UTC+5:30) is 18:30 UTC.
    const midnight = Date.UTC(2026, 10, 27, 18, 30);
    let now = midnight - 20_000;
    const counter = createClickCounter({
      clicks: createChannelClickRepository(t.database.db),
      timeZone: async () => 'Asia/Kolkata',
      clock: () => now,
      log: t.app.log,
    });
    counter.count(id);
    counter.count(id);
    now = midnight + 10_000;
    counter.count(id);
    await counter.settled();
    const rows = await t.database.db
      .selectFrom('channelClicks')
      .select(['day', 'clicks'])
      .where('channelId', '=', id)
      .orderBy('day')
      .execute();
    expect(rows).toEqual([
      { day: '2026-11-27', clicks: 2 },
      { day: '2026-11-28', clicks: 1 },
    ]);
  });

  it('still sends the visitor on when the count cannot be written', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    await sql`ALTER TABLE channel_clicks RENAME TO channel_clicks_away`.execute(t.database.db);
    try {
      expectRedirect(await click(`/go/${id}`), 'https://wa.me/919876543210');
      await t.app.channelClickCounter.settled();
    } finally {
      await sql`ALTER TABLE channel_clicks_away RENAME TO channel_clicks`.execute(t.database.db);
    }
    expect(await clicksOf(id)).toBe(0);
    await click(`/go/${id}`);
    expect(await clicksOf(id)).toBe(1);
  });

  it('keeps crawlers out of the counted links in robots.txt', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Disallow: /go/\n');
  });

  it('counts on the business’s days (Asia/Kolkata) and totals the last 7, 30 and 90 of them', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    // 18:29 UTC is 23:59 in India: the next click, two minutes later, falls on India's next day.
    const now = t.clock();
    let target = Math.floor(now / DAY_MS) * DAY_MS + 18 * HOUR_MS + 29 * MINUTE_MS;
    if (target <= now) target += DAY_MS;
    const advance = async (ms: number) => {
      t.clock.advance(ms);
      t.cookie = await signIn(t.app);
    };
    await advance(target - now);
    await click(`/go/${id}`);
    await advance(2 * MINUTE_MS);
    await click(`/go/${id}`);
    await click(`/go/${id}`);

    const today = await clicksAndViews(7);
    const indiaDay = new Date(target + 2 * MINUTE_MS + 330 * MINUTE_MS).toISOString().slice(0, 10);
    expect(today).toMatchObject({ days: 7, to: indiaDay, channelClicks: [{ clicks: 3 }] });
    expect(today.from).toBe(new Date(Date.parse(indiaDay) - 6 * DAY_MS).toISOString().slice(0, 10));

    // Six days on, the 7 days start with the two later clicks' day; in UTC all three fell on one day.
    await advance(6 * DAY_MS);
    expect(await clicksOf(id, 7)).toBe(2);
    expect(await clicksOf(id, 30)).toBe(3);
    await advance(29 * DAY_MS);
    expect(await clicksOf(id, 30)).toBe(0);
    expect(await clicksOf(id, 90)).toBe(3);
    expect(await clicksOf(id)).toBe(0);
  });

  it('refuses a period other than 7, 30 or 90 days', async () => {
    for (const days of ['1', '31', 'abc', '7.0']) {
      expectBadRequest(await admin({ method: 'GET', url: `${CLICKS}?days=${days}` }), 'days');
    }
    expect((await clicksAndViews()).days).toBe(30);
    expectAuthenticationRequired(await t.app.inject({ method: 'GET', url: CLICKS }));
  });

  it('shows the counts to agents and editors; only an administrator resets them, and the log says so', async () => {
    const id = await addChannel({ type: 'whatsapp', value: '+91 98765 43210' });
    await click(`/go/${id}`);
    for (const role of ['agent', 'editor'] as const) {
      const login = { email: `${role}@example.com`, password: 'a long password 1' };
      await createAdmin(t.database, { ...login, name: role, role });
      const cookie = await signIn(t.app, login);
      expect((await clicksAndViews(7, cookie)).channelClicks).toMatchObject([{ channelId: id, clicks: 1 }]);
      const refused = await admin({ method: 'DELETE', url: RESET }, cookie);
      expect(refused.statusCode).toBe(403);
    }
    expect(await clicksOf(id)).toBe(1);

    const reset = await admin({ method: 'DELETE', url: RESET });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: 'Click counts reset' });
    expect(await clicksOf(id, 90)).toBe(0);
    const log = await admin({ method: 'GET', url: '/api/admin/audit-log?action=channel-clicks.reset' });
    expect((log.json().entries as AuditEntry[]).map((entry) => entry.action)).toEqual([
      'channel-clicks.reset',
    ]);

    await click(`/go/${id}`);
    expect(await clicksOf(id)).toBe(1);
  });

  it('lists the posts most viewed in the period, a reader counted once a day', async () => {
    const createPost = async (title: string) => {
      const response = await admin({
        method: 'POST',
        url: '/api/blogs',
        payload: {
          title,
          description: 'A short preview',
          content: 'Some text.',
          slug: `post-${randomUUID().slice(0, 8)}`,
          category: 'Technology',
          image: '',
          isPublished: true,
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json().data as { _id: string; slug: string };
    };
    const read = (slug: string, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/blogs/${slug}`,
        headers: { 'user-agent': PHONE_BROWSER },
        remoteAddress,
      });

    // 06:00 UTC, 11:30 in India: the UTC day a view counts on is India's day too.
    const now = t.clock();
    let target = Math.floor(now / DAY_MS) * DAY_MS + 6 * HOUR_MS;
    if (target <= now) target += DAY_MS;
    t.clock.advance(target - now);
    t.cookie = await signIn(t.app);
    expect((await clicksAndViews()).postViews).toEqual([]);
    const guide = await createPost('How to get an ID');
    const news = await createPost('Opening hours for Diwali');
    await read(guide.slug, '198.51.100.1');
    await read(guide.slug, '198.51.100.1');
    await read(guide.slug, '198.51.100.2');
    await read(news.slug, '198.51.100.1');

    expect((await clicksAndViews(7)).postViews).toEqual([
      { postId: guide._id, title: 'How to get an ID', views: 2 },
      { postId: news._id, title: 'Opening hours for Diwali', views: 1 },
    ]);

    // The next day the same reader counts again, and seven days on only the last 7 days' views are listed.
    t.clock.advance(DAY_MS);
    t.cookie = await signIn(t.app);
    await read(news.slug, '198.51.100.1');
    await read(news.slug, '198.51.100.3');
    expect((await clicksAndViews(7)).postViews.map((post) => [post.title, post.views])).toEqual([
      ['Opening hours for Diwali', 3],
      ['How to get an ID', 2],
    ]);
    t.clock.advance(6 * DAY_MS);
    t.cookie = await signIn(t.app);
    expect((await clicksAndViews(7)).postViews.map((post) => [post.title, post.views])).toEqual([
      ['Opening hours for Diwali', 2],
    ]);
    expect((await clicksAndViews(30)).postViews).toHaveLength(2);
  });
});
