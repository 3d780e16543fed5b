import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPostSummary } from '../../shared/contracts/blog.ts';
import type { Inquiry } from '../../shared/contracts/contact-inquiries.ts';
import type { DailyInquiryCount } from '../../shared/contracts/dashboard.ts';
import type { Member, MemberAuditEntry } from '../../shared/contracts/members.ts';
import { INQUIRY_STATUSES } from '../../shared/rules/contact-inquiries.ts';
import { DAY_MS } from '../../shared/time.ts';
import { buildApp } from '../app.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../features/admin-auth/bootstrap.ts';
import { createBlogPostRepository } from '../features/blog/repository.ts';
import { createSiteSettingsRepository } from '../features/site-settings/repository.ts';
import { blogPostValues } from '../test-support/blog-posts.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import {
  asAdmin,
  createAdmin,
  createTestApp,
  signIn,
  storedInquiry,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_ORIGIN,
  type TestApp,
} from '../test-support/test-app.ts';
import { DEMO_FIGURES, DEMO_MEMBER_PASSWORD } from './demo-content.ts';
import { DEMO_PICTURE_WEBP_WIDTHS } from './demo-pictures.ts';

const IST_MINUTES = 330;
const DEMO = { DEMO_MODE: 'true' };
const DEMO_ADMIN = { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD };
const quiet = () => {};

/** What the back office shows of each kind, read through the API as an admin. */
async function backOffice(app: FastifyInstance, cookie: string) {
  const get = async (url: string) => {
    const response = await app.inject(asAdmin(cookie, { method: 'GET', url }));
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const [posts, inquiries, members, channels] = await Promise.all([
    get('/api/blogs/admin/all?pageSize=50'),
    get('/api/contact-inquiries?pageSize=100'),
    get('/api/members?pageSize=100'),
    get('/api/contacts'),
  ]);
  return {
    posts: posts.data as BlogPostSummary[],
    inquiries: inquiries.inquiries as Inquiry[],
    inquiryTotal: inquiries.total as number,
    members: members.members as Member[],
    channels: channels.contacts as { _id: string }[],
  };
}

describe.each(TEST_DIALECTS)('demo content (%s)', (dialect) => {
  const opened: TestApp[] = [];
  afterEach(async () => {
    for (const t of opened.splice(0)) await t.close();
  });
  const start = async (env: Record<string, string>) => {
    const t = await createTestApp(dialect, env, { announce: quiet });
    opened.push(t);
    return t;
  };

  it('fills the blog, the inbox, the dashboard chart and Users on a demo start', async () => {
    const t = await start(DEMO);
    const now = t.clock();
    const cookie = await signIn(t.app, DEMO_ADMIN);
    const { posts, inquiries, inquiryTotal, members, channels } = await backOffice(t.app, cookie);

    const published = posts.filter((post) => post.isPublished);
    expect(published.length).toBeGreaterThanOrEqual(5);
    expect(posts.some((post) => !post.isPublished)).toBe(true);
    expect(new Set(published.map((post) => post.category)).size).toBeGreaterThanOrEqual(4);
    for (const post of published) {
      expect(post.image).toMatch(/^\/demo\/blog\/[a-z-]+\.jpg$/);
      expect(post.views).toBeGreaterThan(0);
      expect(Date.parse(post.publishedAt!)).toBeLessThan(now);
    }
    const publicList = await t.app.inject({ url: '/api/blogs/published' });
    expect(publicList.json().total).toBe(published.length);

    expect(inquiryTotal).toBeGreaterThanOrEqual(35);
    expect(inquiries).toHaveLength(inquiryTotal);
    expect(new Set(inquiries.map((inquiry) => inquiry.status))).toEqual(new Set(INQUIRY_STATUSES));
    const unread = inquiries.filter((inquiry) => !inquiry.isRead);
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.length).toBeLessThan(inquiryTotal / 2);
    const sent = inquiries.map((inquiry) => Date.parse(inquiry.createdAt));
    for (const time of sent) {
      expect(time).toBeLessThanOrEqual(now);
      expect(time).toBeGreaterThan(now - 29 * DAY_MS);
    }
    // Newest first, as the inbox lists them, and spread over the month rather than in one burst.
    expect(sent).toEqual([...sent].sort((a, b) => b - a));
    expect(new Set(inquiries.map((inquiry) => inquiry.createdAt.slice(0, 10))).size).toBeGreaterThanOrEqual(
      15,
    );
    for (const inquiry of inquiries.filter((each) => each.status !== 'new')) {
      expect(Date.parse(inquiry.updatedAt)).toBeGreaterThan(Date.parse(inquiry.createdAt));
    }

    const dashboard = await t.app.inject(
      asAdmin(cookie, { method: 'GET', url: `/api/admin/dashboard?utcOffsetMinutes=${IST_MINUTES}` }),
    );
    expect(dashboard.statusCode).toBe(200);
    const { stats, perDay, recentUnread, publishedPosts, activeContacts } = dashboard.json().dashboard;
    const perDayTotal = (day: DailyInquiryCount) => day.new + day.inProgress + day.resolved + day.closed;
    expect((perDay as DailyInquiryCount[]).reduce((sum, day) => sum + perDayTotal(day), 0)).toBe(
      inquiryTotal,
    );
    expect(
      (perDay as DailyInquiryCount[]).filter((day) => perDayTotal(day) > 0).length,
    ).toBeGreaterThanOrEqual(15);
    expect(stats).toMatchObject({ total: inquiryTotal, unread: unread.length });
    expect(recentUnread.length).toBeGreaterThan(0);
    expect(publishedPosts).toBe(published.length);
    expect(activeContacts).toBe(channels.length);
    expect(channels.length).toBeGreaterThan(0);

    expect(members.length).toBeGreaterThanOrEqual(4);
    expect(members.some((member) => member.status === 'disabled')).toBe(true);
    const detail = await t.app.inject(
      asAdmin(cookie, { method: 'GET', url: `/api/members/${members.at(-1)!._id}` }),
    );
    const audit = detail.json().data.audit as MemberAuditEntry[];
    expect(audit.at(-1)).toMatchObject({ action: 'created', adminEmail: DEMO_ADMIN_EMAIL });

    // The README gives the members' password, so the account deletion page can be tried.
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { origin: TEST_ORIGIN },
      payload: { mobile: members[0]!.mobile, password: DEMO_MEMBER_PASSWORD },
    });
    expect(deletion.statusCode).toBe(200);
  });

  it('adds nothing on a second start, and leaves what an admin changed', async () => {
    const t = await start(DEMO);
    const cookie = await signIn(t.app, DEMO_ADMIN);
    const first = await backOffice(t.app, cookie);
    const deleted = first.inquiries[0]!._id;
    await t.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/contact-inquiries/${deleted}` }));

    // A restart a day later, on the same database.
    t.clock.advance(DAY_MS);
    const restarted = await buildApp(t.config, {
      database: t.database,
      clock: t.clock,
      logger: false,
      announce: quiet,
    });
    try {
      const again = await backOffice(restarted, await signIn(restarted, DEMO_ADMIN));
      const ids = (items: { _id: string }[]) => items.map((item) => item._id);
      expect(ids(again.posts)).toEqual(ids(first.posts));
      expect(ids(again.inquiries)).toEqual(ids(first.inquiries).filter((id) => id !== deleted));
      expect(ids(again.members)).toEqual(ids(first.members));
      expect(ids(again.channels)).toEqual(ids(first.channels));
    } finally {
      await restarted.close();
    }
  });

  it('seeds nothing outside demo mode', async () => {
    const t = await start({ ADMIN_PASSWORD: TEST_ADMIN.password, ADMIN_EMAIL: TEST_ADMIN.email });
    const office = await backOffice(t.app, await signIn(t.app));
    expect(office).toEqual({ posts: [], inquiries: [], inquiryTotal: 0, members: [], channels: [] });
    expect((await t.app.inject({ url: '/api/blogs/published' })).json().total).toBe(0);
    expect((await t.app.inject({ url: '/api/settings' })).json().settings).toMatchObject({
      usersCount: '',
      rating: '',
    });
  });

  it('gives the demo its figures, unless the owner entered one', async () => {
    const t = await start(DEMO);
    expect((await t.app.inject({ url: '/api/settings' })).json().settings).toMatchObject(DEMO_FIGURES);

    const own = await start({});
    const settings = createSiteSettingsRepository(own.database.db);
    await settings.save({ ...(await settings.get()), usersCount: '', rating: '4.1' });
    const demo = await buildApp(
      { ...own.config, DEMO_MODE: true },
      { database: own.database, clock: own.clock, logger: false, announce: quiet },
    );
    try {
      expect((await demo.inject({ url: '/api/settings' })).json().settings).toMatchObject({
        usersCount: '',
        rating: '4.1',
      });
    } finally {
      await demo.close();
    }
    // Two starts in demo mode (each hashing the members' passwords): slow on a busy machine.
  }, 60_000);

  it('leaves a kind the site already has alone and seeds only the empty kinds', async () => {
    // A site with an admin, a post and an inquiry of its own, started later in demo mode.
    const seeded = await start({});
    await createAdmin(seeded.database);
    const own = await createBlogPostRepository(seeded.database.db).create(
      blogPostValues({ title: 'Our own news', slug: 'our-own-news', category: 'News' }),
    );
    await seeded.database.db
      .insertInto('contactInquiries')
      .values(storedInquiry(new Date(seeded.clock()).toISOString()))
      .execute();
    const demo = await buildApp(
      { ...seeded.config, DEMO_MODE: true },
      { database: seeded.database, clock: seeded.clock, logger: false, announce: quiet },
    );
    try {
      const office = await backOffice(demo, await signIn(demo));
      expect(office.posts.map((post) => post._id)).toEqual([own._id]);
      expect(office.inquiryTotal).toBe(1);
      expect(office.members.length).toBeGreaterThan(0);
      expect(office.channels.length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });

  it.skipIf(!built)(
    'lists the posts on the server-rendered /blog, with pictures the site serves, in sizes',
    async () => {
      const t = await start({ ...DEMO, WEB_DIST_DIR });
      const published = (await t.app.inject({ url: '/api/blogs/published' })).json()
        .data as BlogPostSummary[];
      const page = await t.app.inject({ url: '/blog' });
      expect(page.statusCode).toBe(200);
      for (const post of published) {
        expect(page.body).toContain(`href="/blog/${post.slug}"`);
        expect(page.body).toContain(`src="${post.image}"`);
      }
      for (const image of new Set(published.map((post) => post.image))) {
        const response = await t.app.inject({ url: image });
        expect(response.statusCode, image).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
        // Small enough for a share card and a phone on a slow connection.
        expect(response.rawPayload.length).toBeLessThan(80 * 1024);
      }
      // Each picture is offered in WebP copies by width, which the site serves at those widths: a phone's card
      // fetches a small one, a fraction of the JPEG's bytes.
      for (const image of new Set(published.map((post) => post.image))) {
        const name = /^\/demo\/blog\/([a-z-]+)\.jpg$/.exec(image)?.[1];
        expect(name, image).toBeDefined();
        const copies = DEMO_PICTURE_WEBP_WIDTHS.map((width) => ({
          width,
          url: `/demo/blog/${name}-${width}.webp`,
        }));
        expect(page.body).toContain(
          `<source type="image/webp" srcSet="${copies.map(({ url, width }) => `${url} ${width}w`).join(', ')}"`,
        );
        for (const { url, width } of copies) {
          const response = await t.app.inject({ url });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type']).toBe('image/webp');
          const metadata = await sharp(response.rawPayload).metadata();
          expect([metadata.format, metadata.width], url).toEqual(['webp', width]);
        }
        const smallest = await t.app.inject({ url: copies[0]!.url });
        const jpeg = await t.app.inject({ url: image });
        expect(smallest.rawPayload.length).toBeLessThan(jpeg.rawPayload.length / 3);
      }
      // A shared post shows its share card, drawn with the post's picture (see web/share-cards.test.ts).
      const post = await t.app.inject({ url: `/blog/${published[0]!.slug}` });
      const card = /<meta property="og:image" content="([^"]*)" \/>/.exec(post.body)?.[1];
      expect(card).toMatch(/\/share-cards\/[0-9a-f]{16}\.png\?page=%2Fblog%2F/);
      const cardResponse = await t.app.inject({ url: new URL(card!).pathname + new URL(card!).search });
      expect(cardResponse.statusCode).toBe(200);
      expect(cardResponse.headers['content-type']).toBe('image/png');
    },
  );
});
