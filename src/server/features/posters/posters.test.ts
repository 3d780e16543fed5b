import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ClicksAndViews } from '../../../shared/contracts/dashboard.ts';
import type { Poster } from '../../../shared/contracts/posters.ts';
import { POSTERS_MAX } from '../../../shared/rules/posters.ts';
import { qrText } from '../../test-support/qr-code.ts';
import { WEB_BUILT, WEB_DIST_DIR } from '../../test-support/rendered-pages.ts';
import {
  asAdmin,
  createAdmin,
  expectAuthenticationRequired,
  expectBadRequest,
  expectNotFound,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
  TEST_ORIGIN,
} from '../../test-support/test-app.ts';
import { GOOGLEBOT, PHONE_BROWSER } from '../../test-support/user-agents.ts';

const POSTERS = '/api/admin/posters';
const MISSING_ID = '0190a0a0-0000-7000-8000-000000000000';

const poster = (overrides: Record<string, unknown> = {}) => ({
  name: 'Counter at the shop',
  tag: 'counter',
  channelId: null,
  language: 'en',
  size: 'A5',
  ...overrides,
});

describe.each(TEST_DIALECTS)('counter posters (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR });
  const admin = (options: InjectOptions, cookie = t.cookie) => t.app.inject(asAdmin(cookie, options));
  const make = async (overrides: Record<string, unknown> = {}): Promise<Poster> => {
    const response = await admin({ method: 'POST', url: POSTERS, payload: poster(overrides) });
    expect(response.statusCode).toBe(201);
    return response.json().poster;
  };
  const addChannel = async (type: string, value: string): Promise<string> => {
    const response = await admin({
      method: 'POST',
      url: '/api/contacts',
      payload: { type, value, isActive: true },
    });
    expect(response.statusCode).toBe(201);
    return response.json().contact._id;
  };
  const visit = (url: string, userAgent = PHONE_BROWSER) =>
    t.app.inject({ url, headers: { 'user-agent': userAgent }, remoteAddress: '198.51.100.7' });
  /** What each poster brought in the last 7 days, by tag, as the dashboard reads it. */
  const brought = async (cookie = t.cookie) => {
    await t.app.posterCounter.settled();
    const response = await admin(
      { method: 'GET', url: '/api/admin/dashboard/clicks-and-views?days=7' },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    const { posters } = response.json<{ clicksAndViews: ClicksAndViews }>().clicksAndViews;
    return Object.fromEntries(posters.map(({ tag, visits, taps }) => [tag, { visits, taps }]));
  };

  it('makes a poster whose QR code leads to the contact page in its language, with its tag', async () => {
    const english = await make();
    expect(english).toMatchObject({
      name: 'Counter at the shop',
      tag: 'counter',
      language: 'en',
      size: 'A5',
    });
    expect(english.url).toBe(`${TEST_ORIGIN}/contact?src=counter`);
    const hindi = await make({ tag: 'Diwali-Flyer', language: 'hi', size: 'A4' });
    // Tags are kept as they go in an address: lower case.
    expect(hindi.url).toBe(`${TEST_ORIGIN}/hi/contact?src=diwali-flyer`);
    const whatsapp = await addChannel('whatsapp', '+91 98765 43210');
    const chat = await make({ tag: 'chat', channelId: whatsapp });
    expect(chat.url).toBe(`${TEST_ORIGIN}/go/${whatsapp}?src=chat`);

    const list = await admin({ method: 'GET', url: POSTERS });
    expect(list.json().posters.map((item: Poster) => item.tag)).toEqual(['counter', 'diwali-flyer', 'chat']);
  });

  it('refuses a bad tag, a tag taken, a channel not published and more than the cap, each by its field', async () => {
    for (const tag of ['', 'counter 1', 'क़ाउंटर', '-edge', 'x'.repeat(33), 'a/b']) {
      expectBadRequest(await admin({ method: 'POST', url: POSTERS, payload: poster({ tag }) }), 'tag');
    }
    expectBadRequest(await admin({ method: 'POST', url: POSTERS, payload: poster({ name: ' ' }) }), 'name');
    expectBadRequest(await admin({ method: 'POST', url: POSTERS, payload: poster({ size: 'A3' }) }), 'size');
    expectBadRequest(
      await admin({ method: 'POST', url: POSTERS, payload: poster({ language: 'fr' }) }),
      'language',
    );
    const hidden = await admin({
      method: 'POST',
      url: '/api/contacts',
      payload: { type: 'whatsapp', value: '+91 98765 43211', isActive: false },
    });
    expectBadRequest(
      await admin({
        method: 'POST',
        url: POSTERS,
        payload: poster({ channelId: hidden.json().contact._id }),
      }),
      'channelId',
    );
    expectBadRequest(
      await admin({ method: 'POST', url: POSTERS, payload: poster({ channelId: MISSING_ID }) }),
      'channelId',
    );

    const first = await make();
    const taken = await admin({ method: 'POST', url: POSTERS, payload: poster({ name: 'Another' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ tag: 'Another poster has this source tag' });
    const renamed = await make({ tag: 'window' });
    const clash = await admin({
      method: 'PUT',
      url: `${POSTERS}/${renamed._id}`,
      payload: poster({ tag: first.tag }),
    });
    expect(clash.statusCode).toBe(409);

    for (let index = 2; index < POSTERS_MAX; index++) await make({ tag: `flyer-${index}` });
    const tooMany = await admin({ method: 'POST', url: POSTERS, payload: poster({ tag: 'one-more' }) });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/at most 50 posters/);
  });

  it('is for administrators only, signed in', async () => {
    const made = await make();
    for (const role of ['agent', 'editor'] as const) {
      await createAdmin(t.database, {
        email: `${role}@example.com`,
        password: 'correct horse battery',
        role,
      });
      const cookie = await signIn(t.app, { email: `${role}@example.com`, password: 'correct horse battery' });
      for (const options of [
        { method: 'GET', url: POSTERS },
        { method: 'POST', url: POSTERS, payload: poster({ tag: 'mine' }) },
        { method: 'GET', url: `${POSTERS}/${made._id}/poster.png` },
        { method: 'DELETE', url: `${POSTERS}/${made._id}` },
      ] as const) {
        expect((await admin(options, cookie)).statusCode, `${role} ${options.method} ${options.url}`).toBe(
          403,
        );
      }
    }
    expectAuthenticationRequired(await t.app.inject({ url: `${POSTERS}/${made._id}/poster.pdf` }));
  });

  it('draws the poster as a PDF to print and a PNG whose QR code reads its address', async () => {
    const made = await make({ size: 'A4' });
    const pdf = await admin({ method: 'GET', url: `${POSTERS}/${made._id}/poster.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="poster-counter-A4.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const png = await admin({ method: 'GET', url: `${POSTERS}/${made._id}/poster.png` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await qrText(png.rawPayload)).toBe(made.url);

    expect((await admin({ method: 'GET', url: `${POSTERS}/${made._id}/poster.svg` })).statusCode).toBe(400);
    expectNotFound(
      await admin({ method: 'GET', url: `${POSTERS}/${MISSING_ID}/poster.pdf` }),
      'Poster not found',
    );
  });

  it.skipIf(!WEB_BUILT)(
    "counts a poster's visits and the taps its visitors make, without a cookie, and none for a bot or a stranger tag",
    async () => {
      const whatsapp = await addChannel('whatsapp', '+91 98765 43210');
      const telegram = await addChannel('telegram', 'sampark_help');
      const counter = await make();
      await make({ tag: 'flyer', language: 'hi' });

      const page = await visit('/contact?src=counter');
      expect(page.statusCode).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      // The page's channel links carry the poster's tag, so the taps count for it.
      expect(page.body).toContain('href="/go/whatsapp?text=');
      expect(page.body).toMatch(/href="\/go\/whatsapp\?text=[^"]*&amp;src=counter"/);
      expect(page.body).toContain(`href="/go/${telegram}?src=counter"`);
      // The same page without a tag is the page everyone gets, its links without one.
      expect((await visit('/contact')).body).not.toContain('src=counter');
      await visit('/contact?src=counter');
      await visit('/hi/contact?src=flyer');
      await visit('/contact?src=counter', GOOGLEBOT);
      await visit('/contact?src=nobodys-tag');

      expect((await visit('/go/whatsapp?text=Hello&src=counter')).statusCode).toBe(302);
      expect((await visit(`/go/${telegram}?src=counter`)).headers.location).toBe('https://t.me/sampark_help');
      await visit(`/go/${whatsapp}?src=flyer`);
      await visit(`/go/${whatsapp}?src=flyer`, GOOGLEBOT);
      await visit(`/go/${whatsapp}?src=nobodys-tag`);

      expect(await brought()).toEqual({ counter: { visits: 2, taps: 2 }, flyer: { visits: 1, taps: 1 } });
      const rows = await t.database.db.selectFrom('posterCounts').selectAll().execute();
      expect(rows).toHaveLength(2);
      // Counted per poster and day: no address, no agent, nothing of the visitor's.
      expect(Object.keys(rows[0]!).sort()).toEqual(['day', 'posterId', 'taps', 'visits']);

      // A deleted poster's counts go with it, and its tag is nobody's again.
      expect((await admin({ method: 'DELETE', url: `${POSTERS}/${counter._id}` })).statusCode).toBe(200);
      await visit('/contact?src=counter');
      expect(await brought()).toEqual({ flyer: { visits: 1, taps: 1 } });
    },
  );
});
