import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OpeningPeriod } from '../../../shared/rules/opening-hours.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import { inKolkata } from '../../test-support/kolkata-clock.ts';
import { WEB_BUILT, WEB_DIST_DIR } from '../../test-support/rendered-pages.ts';
import {
  asAdmin,
  buildTestApp,
  createAdmin,
  createTestClock,
  expectAuthenticationRequired,
  expectBadRequest,
  openTestDatabase,
  postInquiry,
  publishChannels,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
  type TestClock,
} from '../../test-support/test-app.ts';
import { testRedisUrl } from '../../test-support/test-redis.ts';

/** A week with the same period from Monday to Friday, and nothing at the weekend. */
const weekdays = (opens: string, closes: string): OpeningPeriod[][] => [
  ...Array.from({ length: 5 }, () => [{ opens, closes }]),
  [],
  [],
];

const DUTY = '/api/admin/profile/duty';
/** A contact form's inquiry from its own sender (the per-sender limit counts each apart). */
const inquiryFrom = (email: string) => ({
  name: 'Ravi Kumar',
  phone: `+91 9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  email,
  city: 'Pune',
  query: 'Please call me back',
  service: 'technical-support',
});
const MAIN_WHATSAPP = '+91 98765 00001';

/** Three members on different shifts, with their own WhatsApp numbers and shares of the visitors. */
const MEMBERS = [
  { name: 'Asha', role: 'agent', whatsapp: '+91 98111 00001', week: weekdays('09:00', '14:00'), weight: 1 },
  { name: 'Bilal', role: 'agent', whatsapp: '+91 98111 00002', week: weekdays('12:00', '20:00'), weight: 2 },
  {
    name: 'Chitra',
    role: 'administrator',
    whatsapp: '+91 98111 00003',
    week: weekdays('09:00', '20:00'),
    weight: 3,
  },
] as const satisfies readonly {
  name: string;
  role: Role;
  whatsapp: string;
  week: OpeningPeriod[][];
  weight: number;
}[];

/** The WhatsApp number in E.164 digits that a link leads to. */
const whatsappNumber = (location: string) => /^https:\/\/wa\.me\/(\d+)/.exec(location)?.[1] ?? location;
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** Where `count` visitors of /go/whatsapp were sent, by number, taking turns between `apps`. */
async function landings(apps: readonly FastifyInstance[], count: number): Promise<Map<string, number>> {
  const tally = new Map<string, number>();
  for (let visit = 0; visit < count; visit++) {
    const response = await apps[visit % apps.length]!.inject({ url: '/go/whatsapp?text=Hello' });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const number = whatsappNumber(String(response.headers.location));
    tally.set(number, (tally.get(number) ?? 0) + 1);
  }
  return tally;
}

/**
 * Adds the members, each setting their own duty through their own session, and the owner's shares; returns each
 * member's session cookie by name.
 */
async function addMembers(
  app: FastifyInstance,
  database: Parameters<typeof createAdmin>[0],
  ownerCookie: string,
): Promise<Record<string, { id: string; cookie: string }>> {
  const added: Record<string, { id: string; cookie: string }> = {};
  for (const { name, role, whatsapp, week, weight } of MEMBERS) {
    const account = { email: `${name.toLowerCase()}@example.com`, password: 'a long password 1', name, role };
    const id = await createAdmin(database, account);
    const cookie = await signIn(app, account);
    const saved = await app.inject(
      asAdmin(cookie, { method: 'PUT', url: DUTY, payload: { whatsapp, phone: '', week, away: false } }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const shared = await app.inject(
      asAdmin(ownerCookie, { method: 'PUT', url: `/api/team/${id}/duty-weight`, payload: { weight } }),
    );
    expect(shared.statusCode, shared.body).toBe(200);
    added[name] = { id, cookie };
  }
  return added;
}

/** Each member's share of `tally`, by name (0 for one who got none). */
function shares(tally: Map<string, number>, total: number) {
  return Object.fromEntries(
    MEMBERS.map(({ name, whatsapp }) => [name, (tally.get(digitsOf(whatsapp)) ?? 0) / total]),
  );
}

describe.each(TEST_DIALECTS)('who is on duty (%s)', (dialect) => {
  const clock: TestClock = createTestClock(inKolkata('2026-12-07T12:30'));
  const t = signedInAppForEachTest(dialect, {}, { clock });
  const setClock = (local: string) => clock.advance(inKolkata(local) - clock());

  it('keeps a member’s own numbers in E.164, and refuses a bad number or week by its field', async () => {
    const empty = await t.app.inject(asAdmin(t.cookie, { url: DUTY }));
    expect(empty.json().duty).toEqual({
      whatsapp: '',
      phone: '',
      week: [[], [], [], [], [], [], []],
      away: false,
      weight: 1,
    });
    const week = weekdays('09:00', '17:00');
    const saved = await t.app.inject(
      asAdmin(t.cookie, {
        method: 'PUT',
        url: DUTY,
        payload: { whatsapp: '98111 00009', phone: '+971 50 123 4567', week, away: true },
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().duty).toEqual({
      whatsapp: '+919811100009',
      phone: '+971501234567',
      week,
      away: true,
      weight: 1,
    });
    expect((await t.app.inject(asAdmin(t.cookie, { url: DUTY }))).json().duty.phone).toBe('+971501234567');

    const put = (payload: object) => t.app.inject(asAdmin(t.cookie, { method: 'PUT', url: DUTY, payload }));
    expectBadRequest(await put({ whatsapp: '12', phone: '', week, away: false }), 'whatsapp');
    expectBadRequest(await put({ whatsapp: '', phone: '', week: week.slice(1), away: false }), 'week');
    const overlapping = [
      [
        { opens: '09:00', closes: '13:00' },
        { opens: '12:00', closes: '18:00' },
      ],
      ...week.slice(1),
    ];
    expectBadRequest(
      await put({ whatsapp: '', phone: '', week: overlapping, away: false }),
      'week.0.1.opens',
    );
    // Nothing of the refused ones was kept.
    expect((await t.app.inject(asAdmin(t.cookie, { url: DUTY }))).json().duty.whatsapp).toBe('+919811100009');
    expectAuthenticationRequired(await t.app.inject({ url: DUTY }));
  });

  it('lets only an administrator set a member’s share', async () => {
    const members = await addMembers(t.app, t.database, t.cookie);
    const { id: ashaId, cookie: ashaCookie } = members.Asha!;
    const setWeight = (cookie: string, id: string, weight: unknown) =>
      t.app.inject(
        asAdmin(cookie, { method: 'PUT', url: `/api/team/${id}/duty-weight`, payload: { weight } }),
      );
    expect((await setWeight(ashaCookie, ashaId, 10)).statusCode).toBe(403);
    expectBadRequest(await setWeight(t.cookie, ashaId, 11), 'weight');
    expectBadRequest(await setWeight(t.cookie, ashaId, 0), 'weight');
    expect((await setWeight(t.cookie, '0190a000-0000-7000-8000-000000000000', 2)).statusCode).toBe(404);
    // The administrator's overview: who answers visitors, their shares and state now, never their numbers.
    setClock('2026-12-07T12:30');
    const overview = await t.app.inject(asAdmin(t.cookie, { url: '/api/team/duty' }));
    expect(overview.json().members).toEqual([
      {
        adminId: ashaId,
        name: 'Asha',
        weight: 1,
        onDutyNow: true,
        away: false,
        hasWhatsapp: true,
        hasPhone: false,
      },
      {
        adminId: members.Bilal!.id,
        name: 'Bilal',
        weight: 2,
        onDutyNow: true,
        away: false,
        hasWhatsapp: true,
        hasPhone: false,
      },
      {
        adminId: members.Chitra!.id,
        name: 'Chitra',
        weight: 3,
        onDutyNow: true,
        away: false,
        hasWhatsapp: true,
        hasPhone: false,
      },
      // The owner, who set no duty.
      expect.objectContaining({ name: 'Owner', weight: 1, onDutyNow: false, hasWhatsapp: false }),
    ]);
    expect(overview.body).not.toContain('98111');
    expect((await t.app.inject(asAdmin(ashaCookie, { url: '/api/team/duty' }))).statusCode).toBe(403);
    // A member's own save keeps the share the administrator set.
    await t.app.inject(
      asAdmin(ashaCookie, {
        method: 'PUT',
        url: DUTY,
        payload: { whatsapp: '', phone: '', week: weekdays('09:00', '10:00'), away: false },
      }),
    );
    expect((await t.app.inject(asAdmin(ashaCookie, { url: DUTY }))).json().duty.weight).toBe(1);
  });

  it('sends visitors only to members on duty, by their shares; none to one away; the main channel when nobody is', async () => {
    await publishChannels(t, [['whatsapp', MAIN_WHATSAPP]]);
    const members = await addMembers(t.app, t.database, t.cookie);

    // Monday 12:30: all three are on duty, 1 : 2 : 3.
    setClock('2026-12-07T12:30');
    const all = shares(await landings([t.app], 120), 120);
    expect(all).toEqual({ Asha: 1 / 6, Bilal: 2 / 6, Chitra: 3 / 6 });

    // Chitra sets herself away: Asha and Bilal, 1 : 2.
    const away = await t.app.inject(
      asAdmin(members.Chitra!.cookie, {
        method: 'PUT',
        url: DUTY,
        payload: { whatsapp: MEMBERS[2].whatsapp, phone: '', week: MEMBERS[2].week, away: true },
      }),
    );
    expect(away.statusCode).toBe(200);
    expect(shares(await landings([t.app], 60), 60)).toEqual({ Asha: 1 / 3, Bilal: 2 / 3, Chitra: 0 });

    // An editor (no inbox) who sets a number and hours round the clock is given no visitors.
    const editor = {
      email: 'esha@example.com',
      password: 'a long password 1',
      name: 'Esha',
      role: 'editor' as const,
    };
    await createAdmin(t.database, editor);
    const editorSaved = await t.app.inject(
      asAdmin(await signIn(t.app, editor), {
        method: 'PUT',
        url: DUTY,
        payload: { whatsapp: '+91 98111 00007', phone: '', week: weekdays('00:00', '23:59'), away: false },
      }),
    );
    expect(editorSaved.statusCode).toBe(200);
    expect((await landings([t.app], 30)).has('919811100007')).toBe(false);

    // 15:00: Asha's shift is over.
    setClock('2026-12-07T15:00');
    expect(shares(await landings([t.app], 10), 10)).toEqual({ Asha: 0, Bilal: 1, Chitra: 0 });

    // 21:00 and Saturday: nobody is on duty, the main channel answers; the call link has no number at all.
    for (const moment of ['2026-12-07T21:00', '2026-12-12T12:00']) {
      setClock(moment);
      expect([...(await landings([t.app], 3)).keys()]).toEqual([digitsOf(MAIN_WHATSAPP)]);
    }
    expect((await t.app.inject({ url: '/go/call' })).headers.location).toBe('/contact');
  });

  it('assigns an inquiry sent through the form to a member on duty, when an administrator turns it on', async () => {
    await addMembers(t.app, t.database, t.cookie);
    setClock('2026-12-07T12:30');
    const settings = (cookie: string, payload?: object) =>
      t.app.inject(
        asAdmin(cookie, {
          method: payload ? 'PUT' : 'GET',
          url: '/api/admin/settings/duty',
          ...(payload ? { payload } : {}),
        }),
      );
    expect((await settings(t.cookie)).json().dutySettings).toEqual({ assignInquiries: false });
    const send = async () => {
      const response = await t.app.inject(postInquiry(inquiryFrom(`visitor.${Math.random()}@example.com`)));
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().id ?? response.json().inquiry?._id ?? response.json().data?._id;
      const stored = await t.app.inject(asAdmin(t.cookie, { url: `/api/contact-inquiries/${id}` }));
      return stored.json().inquiry.assignee?.name ?? null;
    };
    expect(await send()).toBeNull();

    const agent = await signIn(t.app, { email: 'asha@example.com', password: 'a long password 1' });
    expect((await settings(agent, { assignInquiries: true })).statusCode).toBe(403);
    expect((await settings(t.cookie, { assignInquiries: true })).json().dutySettings).toEqual({
      assignInquiries: true,
    });
    // Six inquiries: one for Asha, two for Bilal, three for Chitra.
    const assignees = [];
    for (let inquiry = 0; inquiry < 6; inquiry++) assignees.push(await send());
    expect(assignees.toSorted()).toEqual(['Asha', 'Bilal', 'Bilal', 'Chitra', 'Chitra', 'Chitra']);
    // Saturday: nobody is on duty, and the inquiry waits unassigned as before.
    setClock('2026-12-12T12:00');
    expect(await send()).toBeNull();
  });

  it('counts the visitors sent to each member: an administrator sees everyone’s, an agent their own', async () => {
    await publishChannels(t, [['whatsapp', MAIN_WHATSAPP]]);
    const members = await addMembers(t.app, t.database, t.cookie);
    setClock('2026-12-07T12:30');
    // People's browsers, and a link previewer, which is not counted.
    const browser = { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile Safari/537.36' };
    for (let visit = 0; visit < 12; visit++) await t.app.inject({ url: '/go/whatsapp', headers: browser });
    await t.app.inject({ url: '/go/whatsapp', headers: { 'user-agent': 'WhatsApp/2.23.20.0' } });
    await t.app.dutyClickCounter.settled();
    await t.app.channelClickCounter.settled();

    const figures = async (cookie: string) => {
      const response = await t.app.inject(
        asAdmin(cookie, { url: '/api/admin/dashboard/clicks-and-views?days=7' }),
      );
      expect(response.statusCode).toBe(200);
      return response.json().clicksAndViews;
    };
    const owner = await figures(t.cookie);
    expect(owner.dutyClicks).toEqual([
      { adminId: members.Chitra!.id, name: 'Chitra', whatsapp: 6, calls: 0 },
      { adminId: members.Bilal!.id, name: 'Bilal', whatsapp: 4, calls: 0 },
      { adminId: members.Asha!.id, name: 'Asha', whatsapp: 2, calls: 0 },
    ]);
    // The main channel's own count goes on: every routed click is one on it too.
    expect(owner.channelClicks.map((channel: { clicks: number }) => channel.clicks)).toEqual([12]);
    expect((await figures(members.Bilal!.cookie)).dutyClicks).toEqual([
      { adminId: members.Bilal!.id, name: 'Bilal', whatsapp: 4, calls: 0 },
    ]);
  });
});

describe.skipIf(!WEB_BUILT)('no member’s own number in any public page (needs npm run build:web)', () => {
  const clock = createTestClock(inKolkata('2026-12-07T12:30'));
  const t = signedInAppForEachTest('sqlite', { WEB_DIST_DIR }, { clock });

  it('while they are on duty, in English and Hindi, in feeds, cards and the sitemap', async () => {
    await publishChannels(t, [
      ['whatsapp', MAIN_WHATSAPP],
      ['phone', '+91 98765 00004'],
    ]);
    await addMembers(t.app, t.database, t.cookie);
    const pages = ['/', '/contact', '/contact/message', '/terms', '/privacy', '/delete-account', '/blog'];
    const urls = [
      ...pages,
      ...pages.map((page) => `/hi${page === '/' ? '' : page}`),
      '/tictactoe',
      '/contact.vcf',
      '/hi/contact.vcf',
      '/sitemap.xml',
      '/blog/rss.xml',
      '/api/contacts/active',
      '/api/settings',
      '/manifest.webmanifest',
    ];
    const personal = MEMBERS.map(({ whatsapp }) => digitsOf(whatsapp).slice(2));
    for (const url of urls) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const digits = digitsOf(response.body);
      for (const number of personal) expect(digits, url).not.toContain(number);
    }
    // Yet the routed link reaches them.
    const routed = await t.app.inject({ url: '/go/whatsapp' });
    expect(personal).toContain(whatsappNumber(String(routed.headers.location)).slice(2));
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL && process.env.TEST_REDIS_URL)(
  'the duty rotation across two instances on PostgreSQL and Redis',
  () => {
    it('lands 300 visitors only on members on duty, by their shares within 10%, none on one away', {
      timeout: 60_000,
    }, async () => {
      const { database, reopen, dispose } = await openTestDatabase('postgres');
      const clock = createTestClock(inKolkata('2026-12-07T12:30'));
      const other = await reopen();
      const env = { REDIS_URL: testRedisUrl() };
      const apps: FastifyInstance[] = [];
      try {
        apps.push(await buildTestApp(database, env, { clock }));
        apps.push(await buildTestApp(other, env, { clock }));
        const [first] = apps as [FastifyInstance, FastifyInstance];
        await createAdmin(database);
        const owner = await signIn(first);
        const members = await addMembers(first, database, owner);
        // Asha is away: Bilal and Chitra share the visitors 2 : 3.
        const away = await first.inject(
          asAdmin(members.Asha!.cookie, {
            method: 'PUT',
            url: DUTY,
            payload: { whatsapp: MEMBERS[0].whatsapp, phone: '', week: MEMBERS[0].week, away: true },
          }),
        );
        expect(away.statusCode).toBe(200);

        const landed = shares(await landings(apps, 300), 300);
        expect(landed.Asha).toBe(0);
        expect(Math.abs(landed.Bilal! - 2 / 5)).toBeLessThanOrEqual(0.1 * (2 / 5));
        expect(Math.abs(landed.Chitra! - 3 / 5)).toBeLessThanOrEqual(0.1 * (3 / 5));
        expect(landed.Bilal! + landed.Chitra!).toBe(1);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await other.close();
        await dispose();
      }
    });
  },
);
