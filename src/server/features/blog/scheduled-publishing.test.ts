import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostInput } from '../../../shared/contracts/blog.ts';
import { SCHEDULE_MESSAGES } from '../../../shared/rules/blog-schedule.ts';
import { MINUTE_MS } from '../../../shared/time.ts';
import type { Dialect } from '../../db/database.ts';
import { logLines } from '../../test-support/log-lines.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../../test-support/rendered-pages.ts';
import {
  asAdmin,
  buildTestApp,
  createAdmin,
  createTestClock,
  expectBadRequest,
  openTestDatabase,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
  type TestClock,
} from '../../test-support/test-app.ts';

// The public /blog page is rendered by the web build: checked when there is one (npm run build:web).

function postInput(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  const tag = randomUUID().slice(0, 8);
  return {
    title: `Match preview ${tag}`,
    description: 'What to watch for tonight',
    content: '## Teams\n\nBoth sides are at full strength.',
    slug: `match-preview-${tag}`,
    category: 'Sports',
    isPublished: false,
    ...overrides,
  };
}

/** What a visitor (or a feed reader, or a crawler) finds of a post, counted: each must be 0, then 1. */
async function appearances(app: FastifyInstance, post: Pick<BlogPost, 'slug' | 'title'>) {
  const count = (text: string, part: string) => text.split(part).length - 1;
  const list = (await app.inject({ url: '/api/blogs/published?pageSize=50' })).json<{
    data: { slug: string }[];
  }>();
  const rss = (await app.inject({ url: '/blog/rss.xml' })).body;
  const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
  const page = await app.inject({ url: `/api/blogs/${post.slug}` });
  return {
    list: list.data.filter((item) => item.slug === post.slug).length,
    post: page.statusCode === 200 ? 1 : 0,
    rss: count(rss, `<link>http://localhost:80/blog/${post.slug}</link>`),
    sitemap: count(sitemap, `/blog/${post.slug}</loc>`),
    // The card's link (the page's data for hydration names the post too, but shows nothing).
    ...(built
      ? { blogPage: count((await app.inject({ url: '/blog' })).body, `href="/blog/${post.slug}"`) }
      : {}),
  };
}

const nowhere = { list: 0, post: 0, rss: 0, sitemap: 0, ...(built ? { blogPage: 0 } : {}) };
const onceEverywhere = { list: 1, post: 1, rss: 1, sitemap: 1, ...(built ? { blogPage: 1 } : {}) };

/** A logger that keeps every line it writes, for counting what each instance published. */
function recordingLogger() {
  const { stream, lines } = logLines<{ msg: string; postId?: string; slug?: string; publishedAt?: string }>();
  return {
    logger: { level: 'info', stream },
    published: () => lines.filter((l) => l.msg === 'scheduled post published'),
  };
}

describe.each(TEST_DIALECTS)('scheduled publishing (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect, built ? { WEB_DIST_DIR } : {});
  const admin = (options: InjectOptions) => t.app.inject(asAdmin(t.cookie, options));

  async function schedule(at: number, overrides: Partial<BlogPostInput> = {}): Promise<BlogPost> {
    const response = await admin({
      method: 'POST',
      url: '/api/blogs',
      payload: postInput({ scheduledAt: new Date(at).toISOString(), ...overrides }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  const stored = async (id: string): Promise<BlogPost> =>
    (await admin({ url: `/api/blogs/admin/${id}` })).json().data;

  it('keeps a scheduled post off the blog, its feed and the sitemap until its time, then shows it once in each', async () => {
    const at = t.clock() + 2 * MINUTE_MS;
    const post = await schedule(at);
    expect(post).toMatchObject({
      isPublished: false,
      publishedAt: null,
      scheduledAt: new Date(at).toISOString(),
    });
    const listed = (await admin({ url: '/api/blogs/admin/all' })).json().data;
    expect(listed).toEqual([expect.objectContaining({ _id: post._id, scheduledAt: post.scheduledAt })]);

    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(0);
    expect(await appearances(t.app, post)).toEqual(nowhere);

    // A second before its time: still waiting.
    t.clock.advance(2 * MINUTE_MS - 1000);
    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(0);
    expect(await appearances(t.app, post)).toEqual(nowhere);

    // The sweep after its time publishes it, dated at the time it was scheduled for.
    t.clock.advance(10_000);
    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(1);
    expect(await appearances(t.app, post)).toEqual(onceEverywhere);
    const published = await stored(post._id);
    expect(published).toMatchObject({
      isPublished: true,
      scheduledAt: null,
      publishedAt: new Date(at).toISOString(),
      updatedAt: new Date(t.clock()).toISOString(),
    });
    const row = await t.database.db
      .selectFrom('blogPosts')
      .select('version')
      .where('id', '=', post._id)
      .executeTakeFirstOrThrow();
    expect(Number(row.version)).toBe(2);

    // Later sweeps leave it alone.
    t.clock.advance(MINUTE_MS);
    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(0);
    expect(await appearances(t.app, post)).toEqual(onceEverywhere);
    expect(await stored(post._id)).toEqual(published);
  });

  it('places posts published in one sweep at their scheduled times in the list', async () => {
    const first = await schedule(t.clock() + MINUTE_MS, { title: 'First of two' });
    const second = await schedule(t.clock() + 2 * MINUTE_MS, { title: 'Second of two' });
    t.clock.advance(3 * MINUTE_MS);
    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(2);
    const list = (await t.app.inject({ url: '/api/blogs/published' })).json().data;
    expect(list.map((post: BlogPost) => post._id)).toEqual([second._id, first._id]);
  });

  it('brings back a post published before at its first publication date', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/blogs',
      payload: postInput({ isPublished: true }),
    });
    const post: BlogPost = created.json().data;
    t.clock.advance(MINUTE_MS);
    const at = t.clock() + MINUTE_MS;
    const { isPublished: _, ...fields } = postInput({ slug: post.slug, title: post.title });
    const rescheduled = await admin({
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      payload: { ...fields, scheduledAt: new Date(at).toISOString() },
    });
    expect(rescheduled.json().data).toMatchObject({
      isPublished: false,
      scheduledAt: new Date(at).toISOString(),
    });
    expect(await appearances(t.app, post)).toEqual(nowhere);

    t.clock.advance(2 * MINUTE_MS);
    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(1);
    expect(await stored(post._id)).toMatchObject({ isPublished: true, publishedAt: post.publishedAt });
    expect(await appearances(t.app, post)).toEqual(onceEverywhere);
  });

  it('drops the schedule when the post is published now or kept as a draft', async () => {
    const at = new Date(t.clock() + MINUTE_MS).toISOString();
    const post = await schedule(Date.parse(at));
    const save = async (changes: Partial<BlogPostInput>) => {
      const response = await admin({
        method: 'PUT',
        url: `/api/blogs/${post._id}`,
        payload: { ...postInput({ slug: post.slug }), ...changes },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as BlogPost;
    };
    expect(await save({ scheduledAt: null })).toMatchObject({ isPublished: false, scheduledAt: null });
    expect(await save({ scheduledAt: at })).toMatchObject({ isPublished: false, scheduledAt: at });
    const now = await save({ isPublished: true, scheduledAt: null });
    expect(now).toMatchObject({
      isPublished: true,
      scheduledAt: null,
      publishedAt: new Date(t.clock()).toISOString(),
    });

    // Its old time comes and goes: nothing more happens.
    t.clock.advance(2 * MINUTE_MS);
    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(0);
    expect(await stored(post._id)).toMatchObject({ publishedAt: now.publishedAt });
  });

  it('takes a time with any offset and keeps it in UTC', async () => {
    const india = new Date(t.clock() + 24 * 60 * MINUTE_MS);
    india.setUTCSeconds(0, 0);
    // The same moment on the clock in Kolkata (UTC+05:30).
    const local = new Date(india.getTime() + 330 * MINUTE_MS).toISOString().slice(0, 19);
    const response = await admin({
      method: 'POST',
      url: '/api/blogs',
      payload: postInput({ scheduledAt: `${local}+05:30` }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.scheduledAt).toBe(india.toISOString());
  });

  describe('refuses', () => {
    const refused = async (scheduledAt: unknown, message: string, overrides: Partial<BlogPostInput> = {}) => {
      const response = await admin({
        method: 'POST',
        url: '/api/blogs',
        payload: { ...postInput(overrides), scheduledAt },
      });
      expectBadRequest(response, 'scheduledAt', message);
      if (typeof scheduledAt === 'string' && scheduledAt.length > 3)
        expect(response.body).not.toContain(scheduledAt);
      expect((await admin({ url: '/api/blogs/admin/all' })).json().total).toBe(0);
    };

    it('a time that has come or gone', async () => {
      await refused(new Date(t.clock() - MINUTE_MS).toISOString(), SCHEDULE_MESSAGES.past);
      await refused(new Date(t.clock()).toISOString(), SCHEDULE_MESSAGES.past);
      await refused('2001-01-01T00:00:00Z', SCHEDULE_MESSAGES.past);
    });

    it('what is not a moment with its offset', async () => {
      for (const bad of [
        'tomorrow 3 pm',
        '2026-11-25 15:30',
        '2099-11-25T15:30:00',
        '2099-02-30T10:00:00Z',
        '2099-11-25T25:00:00Z',
        ' 2099-11-25T15:30:00Z',
      ])
        await refused(bad, SCHEDULE_MESSAGES.format);
      await refused(1_900_000_000_000, SCHEDULE_MESSAGES.format);
      await refused('', SCHEDULE_MESSAGES.missing);
    });

    it('control characters', async () => {
      for (const char of ['\u0000', '\u001b', '\n', '\u0085'])
        await refused(`2099-11-25T15:30:00Z${char}`, 'Scheduled time must not contain control characters');
    });

    it('a post both published now and scheduled', async () => {
      await refused(new Date(t.clock() + MINUTE_MS).toISOString(), SCHEDULE_MESSAGES.alsoPublished, {
        isPublished: true,
      });
    });
  });
});

/** Two scheduled posts made through `app`, due `dueInMs` from now. */
async function scheduleThrough(
  app: FastifyInstance,
  cookie: string,
  clock: TestClock,
  count: number,
  dueInMs: number,
) {
  const posts: BlogPost[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: postInput({ scheduledAt: new Date(clock() + dueInMs + i * 1000).toISOString() }),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    posts.push(response.json().data);
  }
  return posts;
}

describe.each(TEST_DIALECTS)('scheduled publishing across restarts (%s)', (dialect: Dialect) => {
  it('publishes at start what came due while the app was down', async () => {
    const { database, reopen, dispose } = await openTestDatabase(dialect);
    const clock = createTestClock();
    let second: FastifyInstance | undefined;
    let secondDatabase: Awaited<ReturnType<typeof reopen>> | undefined;
    try {
      const first = await buildTestApp(database, {}, { clock });
      await createAdmin(database);
      const [post] = await scheduleThrough(first, await signIn(first), clock, 1, 5 * MINUTE_MS);
      await first.close();

      // Down for ten minutes; the new instance publishes the post as it starts, before any request.
      clock.advance(10 * MINUTE_MS);
      secondDatabase = dialect === 'postgres' ? await reopen() : database;
      const recording = recordingLogger();
      second = await buildTestApp(secondDatabase, {}, { clock, logger: recording.logger });
      await second.ready();
      expect(recording.published()).toEqual([
        expect.objectContaining({ postId: post!._id, slug: post!.slug, publishedAt: post!.scheduledAt }),
      ]);
      expect(await appearances(second, post!)).toMatchObject({ list: 1, post: 1, rss: 1, sitemap: 1 });
    } finally {
      await second?.close();
      if (secondDatabase && secondDatabase !== database) await secondDatabase.close();
      await dispose();
    }
  });
});

const DUE_POSTS = 40;
const ROUNDS = 5;

describe.runIf(process.env.TEST_POSTGRES_URL)(
  'scheduled publishing with two instances on one PostgreSQL',
  () => {
    it(`publishes each of ${DUE_POSTS} posts exactly once while both sweep at once`, {
      timeout: 60_000,
    }, async () => {
      const { database, reopen, dispose } = await openTestDatabase('postgres');
      const clock = createTestClock();
      const other = await reopen();
      const recordings = [recordingLogger(), recordingLogger()];
      const apps: FastifyInstance[] = [];
      try {
        apps.push(await buildTestApp(database, {}, { clock, logger: recordings[0]!.logger }));
        apps.push(await buildTestApp(other, {}, { clock, logger: recordings[1]!.logger }));
        const [a, b] = apps as [FastifyInstance, FastifyInstance];
        await createAdmin(database);
        // Written through both instances in turn, due over the rounds to come.
        const perRound = DUE_POSTS / ROUNDS;
        const posts: BlogPost[] = [];
        for (let round = 1; round <= ROUNDS; round += 1) {
          const app = round % 2 ? a : b;
          posts.push(...(await scheduleThrough(app, await signIn(app), clock, perRound, round * MINUTE_MS)));
        }

        let sweptCount = 0;
        // One more round than posts were spread over: the last of each batch falls due seconds after its round.
        for (let round = 1; round <= ROUNDS + 1; round += 1) {
          clock.advance(MINUTE_MS);
          // Each instance sweeps twice at once with the other, as their timers might.
          const counts = await Promise.all([
            a.jobs.scheduledPublishing.runNow(),
            b.jobs.scheduledPublishing.runNow(),
            b.jobs.scheduledPublishing.runNow(),
            a.jobs.scheduledPublishing.runNow(),
          ]);
          sweptCount += counts.reduce((sum, count) => sum + count, 0);
        }

        const logged = recordings.flatMap((recording) => recording.published().map((line) => line.postId));
        expect(logged.toSorted()).toEqual(posts.map((post) => post._id).toSorted());
        expect(sweptCount).toBe(DUE_POSTS);
        // Every instance shows each post once, on the blog and in its feed.
        for (const app of apps) {
          const list = (await app.inject({ url: '/api/blogs/published?pageSize=50' })).json();
          expect(list.total).toBe(DUE_POSTS);
          expect(new Set(list.data.map((post: BlogPost) => post._id)).size).toBe(DUE_POSTS);
          const rss = (await app.inject({ url: '/blog/rss.xml' })).body;
          for (const post of posts) expect(rss.split(`/blog/${post.slug}</link>`).length - 1).toBe(1);
        }
        const versions = await database.db.selectFrom('blogPosts').select('version').execute();
        expect(versions.map((row) => Number(row.version))).toEqual(posts.map(() => 2));
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await other.close();
        await dispose();
      }
    });
  },
);
