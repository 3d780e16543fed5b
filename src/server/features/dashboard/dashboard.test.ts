import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DailyInquiryCount, Dashboard } from '../../../shared/contracts/dashboard.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/time.ts';
import { newId } from '../../db/values.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  type InquiryRowOverrides,
  STORED_INQUIRY_AS_SHOWN,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

const URL = '/api/admin/dashboard';
const DAYS = 30;

type InquiryOverrides = Omit<InquiryRowOverrides, 'createdAt'> & { createdAt?: number };

const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number) => iso(ms).slice(0, 10);
const zeros = (date: string): DailyInquiryCount => ({ date, new: 0, inProgress: 0, resolved: 0, closed: 0 });

function expectThirtyConsecutiveDays(perDay: DailyInquiryCount[], today: string) {
  expect(perDay).toHaveLength(DAYS);
  expect(perDay.at(-1)?.date).toBe(today);
  perDay.forEach((entry, index) => {
    expect(entry.date).toBe(dateOf(Date.parse(today) - (DAYS - 1 - index) * DAY_MS));
  });
}

describe.each(TEST_DIALECTS)('dashboard API (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  /** `session` null: no cookie at all. */
  const get = (query = '', session: string | null = t.cookie) =>
    t.app.inject(asAdmin(session ?? undefined, { method: 'GET', url: `${URL}${query ? `?${query}` : ''}` }));
  const dashboard = async (query = ''): Promise<Dashboard> => {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return response.json().dashboard;
  };

  let minute = 0;
  /** Stores inquiries in the order given (the last is the newest); returns their ids. */
  const addInquiries = async (...list: InquiryOverrides[]): Promise<string[]> => {
    const rows = list.map(({ createdAt, ...overrides }) =>
      storedInquiry(iso(createdAt ?? t.clock() - DAY_MS + minute++ * MINUTE_MS), overrides),
    );
    if (rows.length > 0) await t.database.db.insertInto('contactInquiries').values(rows).execute();
    return rows.map((row) => row.id);
  };

  /** Moves the app clock forward to the next hh:mm UTC and signs in again (the old session went idle). */
  const setClockToNextUtc = async (hours: number, minutes: number): Promise<number> => {
    const now = t.clock();
    let target = Math.floor(now / DAY_MS) * DAY_MS + hours * HOUR_MS + minutes * MINUTE_MS;
    if (target <= now) target += DAY_MS;
    t.clock.advance(target - now);
    t.cookie = await signIn(t.app);
    return target;
  };

  it('answers 401 without a session, even with a bad offset', async () => {
    for (const query of ['', 'utcOffsetMinutes=330', 'utcOffsetMinutes=abc']) {
      for (const session of [null, 'sampark_session=forged-token']) {
        const response = await get(query, session);
        expectAuthenticationRequired(response);
      }
    }
  });

  it.each(['-721', '841', 'abc', '1.5', '99999999999999999999'])(
    'refuses utcOffsetMinutes=%s with 400',
    async (offset) => {
      const response: LightMyRequestResponse = await get(`utcOffsetMinutes=${offset}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION',
        message: expect.any(String),
        errors: { utcOffsetMinutes: expect.any(String) },
      });
    },
  );

  it('accepts the extreme offsets -720 and 840, and an empty one as UTC', async () => {
    const now = t.clock();
    expectThirtyConsecutiveDays(
      (await dashboard('utcOffsetMinutes=-720')).perDay,
      dateOf(now - 720 * MINUTE_MS),
    );
    expectThirtyConsecutiveDays(
      (await dashboard('utcOffsetMinutes=840')).perDay,
      dateOf(now + 840 * MINUTE_MS),
    );
    expectThirtyConsecutiveDays((await dashboard('utcOffsetMinutes=')).perDay, dateOf(now));
    expectThirtyConsecutiveDays((await dashboard()).perDay, dateOf(now));
  });

  it('shows zeros for an empty site', async () => {
    const now = t.clock();
    const result = await dashboard('utcOffsetMinutes=330');
    const today = dateOf(now + 330 * MINUTE_MS);
    expectThirtyConsecutiveDays(result.perDay, today);
    expect(result).toEqual({
      stats: { total: 0, new: 0, inProgress: 0, resolved: 0, closed: 0, unread: 0 },
      perDay: result.perDay.map((entry) => zeros(entry.date)),
      recentUnread: [],
      publishedPosts: 0,
      activeContacts: 0,
      securityNotices: [],
    });
  });

  it('counts inquiries per day of a viewer in India (+5:30) at 23:30 UTC, when their day has turned', async () => {
    const now = await setClockToNextUtc(23, 30);
    const utcDay = now - 23 * HOUR_MS - 30 * MINUTE_MS;
    const localMidnight = utcDay + 18 * HOUR_MS + 30 * MINUTE_MS; // 00:00 in India, the viewer's today
    const firstDay = localMidnight - (DAYS - 1) * DAY_MS;
    await addInquiries(
      { createdAt: firstDay - 1, status: 'new' }, // 31 days ago by a millisecond: not counted
      { createdAt: firstDay - 90 * DAY_MS, status: 'resolved' },
      { createdAt: firstDay, status: 'closed' },
      { createdAt: firstDay + 5 * DAY_MS + HOUR_MS, status: 'in-progress' },
      { createdAt: localMidnight - 1, status: 'resolved' }, // 23:59:59.999 yesterday in India
      { createdAt: localMidnight, status: 'new' },
      { createdAt: now - 30 * MINUTE_MS, status: 'in-progress' },
      { createdAt: now - MINUTE_MS, status: 'new', isRead: true },
    );

    const { perDay, stats } = await dashboard('utcOffsetMinutes=330');
    const today = dateOf(utcDay + DAY_MS);
    expectThirtyConsecutiveDays(perDay, today);
    expect(perDay[0]).toEqual({
      date: dateOf(firstDay + 330 * MINUTE_MS),
      new: 0,
      inProgress: 0,
      resolved: 0,
      closed: 1,
    });
    expect(perDay[5]).toMatchObject({ inProgress: 1, new: 0, resolved: 0, closed: 0 });
    expect(perDay[28]).toEqual({ date: dateOf(utcDay), new: 0, inProgress: 0, resolved: 1, closed: 0 });
    expect(perDay[29]).toEqual({ date: today, new: 2, inProgress: 1, resolved: 0, closed: 0 });
    const counted = perDay.reduce((sum, d) => sum + d.new + d.inProgress + d.resolved + d.closed, 0);
    expect(counted).toBe(6);
    expect(stats).toEqual({ total: 8, new: 3, inProgress: 2, resolved: 2, closed: 1, unread: 7 });
  });

  it('counts inquiries per day of a viewer at UTC-5 at 00:30 UTC, whose day has not turned yet', async () => {
    const now = await setClockToNextUtc(0, 30);
    const utcDay = now - 30 * MINUTE_MS;
    const localMidnight = utcDay - DAY_MS + 5 * HOUR_MS; // 00:00 at UTC-5, the viewer's today
    const firstDay = localMidnight - (DAYS - 1) * DAY_MS;
    await addInquiries(
      { createdAt: firstDay - 1, status: 'closed' },
      { createdAt: firstDay, status: 'in-progress' },
      { createdAt: localMidnight - 1, status: 'closed' },
      { createdAt: localMidnight, status: 'resolved' },
      { createdAt: now - MINUTE_MS, status: 'new' },
    );

    const local = await dashboard('utcOffsetMinutes=-300');
    const today = dateOf(utcDay - DAY_MS);
    expectThirtyConsecutiveDays(local.perDay, today);
    expect(local.perDay[0]).toEqual({
      date: dateOf(firstDay),
      new: 0,
      inProgress: 1,
      resolved: 0,
      closed: 0,
    });
    expect(local.perDay[28]).toEqual({
      date: dateOf(utcDay - 2 * DAY_MS),
      new: 0,
      inProgress: 0,
      resolved: 0,
      closed: 1,
    });
    expect(local.perDay[29]).toEqual({ date: today, new: 1, inProgress: 0, resolved: 1, closed: 0 });
    expect(local.perDay.slice(1, 28)).toEqual(local.perDay.slice(1, 28).map((entry) => zeros(entry.date)));

    // The same inquiries seen in UTC, where the day has turned: today holds only the newest one.
    const utc = await dashboard('utcOffsetMinutes=0');
    expectThirtyConsecutiveDays(utc.perDay, dateOf(utcDay));
    expect(utc.perDay[29]).toEqual({ date: dateOf(utcDay), new: 1, inProgress: 0, resolved: 0, closed: 0 });
    expect(utc.perDay[28]).toEqual({
      date: dateOf(utcDay - DAY_MS),
      new: 0,
      inProgress: 0,
      resolved: 1,
      closed: 1,
    });
    const counted = utc.perDay.reduce((sum, d) => sum + d.new + d.inProgress + d.resolved + d.closed, 0);
    expect(counted).toBe(3);
  });

  it('follows status changes, read marks and deletes in its counts', async () => {
    const now = t.clock();
    const [a, b, c] = await addInquiries({ createdAt: now - 2 }, { createdAt: now - 1 }, { createdAt: now });
    const change = async (method: 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
      const response = await t.app.inject(
        asAdmin(t.cookie, { method, url, ...(payload === undefined ? {} : { payload }) }),
      );
      expect(response.statusCode).toBe(200);
    };
    await change('PATCH', `/api/contact-inquiries/${a}/status`, { status: 'resolved' });
    await change('PATCH', `/api/contact-inquiries/${b}/read`);
    await change('DELETE', `/api/contact-inquiries/${c}`);

    const result = await dashboard();
    expect(result.stats).toEqual({ total: 2, new: 1, inProgress: 0, resolved: 1, closed: 0, unread: 1 });
    const statsResponse = await t.app.inject(
      asAdmin(t.cookie, { method: 'GET', url: '/api/contact-inquiries/stats' }),
    );
    expect(statsResponse.json().stats).toEqual(result.stats);
    expect(result.perDay.at(-1)).toMatchObject({ new: 1, resolved: 1, inProgress: 0, closed: 0 });
    expect(result.recentUnread.map((inquiry) => inquiry._id)).toEqual([a]);
  });

  it('shows an editor the figures but not who wrote or what; an agent sees both', async () => {
    await addInquiries({ name: 'Unread 1' });
    for (const role of ['editor', 'agent'] as const) {
      const login = { email: `${role}@example.com`, password: 'a long password 1' };
      await createAdmin(t.database, { ...login, name: role, role });
      const response = await get('', await signIn(t.app, login));
      expect(response.statusCode).toBe(200);
      const { stats, recentUnread } = response.json().dashboard as Dashboard;
      expect(stats.total).toBe(1);
      expect(recentUnread.map((inquiry) => inquiry.name)).toEqual(role === 'editor' ? [] : ['Unread 1']);
    }
  });

  it('lists at most 5 unread inquiries, newest first', async () => {
    const ids = await addInquiries(
      { name: 'Unread 1' },
      { name: 'Unread 2' },
      { name: 'Read 1', isRead: true },
      { name: 'Unread 3', status: 'resolved' },
      { name: 'Unread 4' },
      { name: 'Read 2', isRead: true },
      { name: 'Unread 5' },
      { name: 'Unread 6' },
      { name: 'Read 3', isRead: true },
    );
    const { recentUnread } = await dashboard();
    expect(recentUnread.map((inquiry) => inquiry.name)).toEqual([
      'Unread 6',
      'Unread 5',
      'Unread 4',
      'Unread 3',
      'Unread 2',
    ]);
    expect(recentUnread[0]).toEqual({
      _id: ids[7],
      name: 'Unread 6',
      ...STORED_INQUIRY_AS_SHOWN,
      status: 'new',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    // Reading the newest two brings older unread ones up; only unread ones ever show.
    for (const id of [ids[7], ids[6]]) {
      const response = await t.app.inject(
        asAdmin(t.cookie, { method: 'PATCH', url: `/api/contact-inquiries/${id}/read` }),
      );
      expect(response.statusCode).toBe(200);
    }
    expect((await dashboard()).recentUnread.map((inquiry) => inquiry.name)).toEqual([
      'Unread 4',
      'Unread 3',
      'Unread 2',
      'Unread 1',
    ]);
  });

  it('counts active contact channels only', async () => {
    const add = async (payload: Record<string, unknown>) => {
      const response = await t.app.inject(
        asAdmin(t.cookie, { method: 'POST', url: '/api/contacts', payload }),
      );
      expect(response.statusCode).toBe(201);
      return response.json().contact._id as string;
    };
    const whatsapp = await add({ type: 'whatsapp', value: '+91 98765 43210' });
    await add({ type: 'email', value: 'help@example.com' });
    await add({ type: 'website', value: 'https://example.com' });
    await add({ type: 'telegram', value: '@sampark_help', isActive: false });
    expect((await dashboard()).activeContacts).toBe(3);

    const toggled = await t.app.inject(
      asAdmin(t.cookie, { method: 'PATCH', url: `/api/contacts/${whatsapp}`, payload: { isActive: false } }),
    );
    expect(toggled.statusCode).toBe(200);
    expect((await dashboard()).activeContacts).toBe(2);
  });

  it('counts published blog posts only', async () => {
    const at = iso(t.clock());
    const post = (slug: string, isPublished: number) => ({
      id: newId(),
      slug,
      title: `Post ${slug}`,
      description: 'A post',
      content: 'Some **Markdown**',
      isPublished,
      createdAt: at,
      updatedAt: at,
    });
    await t.database.db
      .insertInto('blogPosts')
      .values([post('one', 1), post('two', 0), post('three', 1), post('four', 0), post('five', 1)])
      .execute();
    expect((await dashboard()).publishedPosts).toBe(3);
  });
});
