import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/database.ts';
import type { DB } from '../src/server/db/schema.ts';
import { newId } from '../src/server/db/values.ts';
import { createBlogPostRepository } from '../src/server/features/blog/repository.ts';
import { PUBLIC_CONTENT_MAX_AGE_MS } from '../src/server/lib/public-content.ts';
import { BLOG_CATEGORIES, BLOG_PAGE_SIZE, type BlogCategory, slugify } from '../src/shared/rules/blog.ts';
import {
  BENCH_DIR,
  benchEachDialect,
  ensureBuild,
  FAST_CASE_MIN_DURATION_MS,
  seededRandom,
  startServer,
  stopProcess,
  type Timing,
  timeCalls,
  timingOf,
  UNUSED_ADMIN,
  waitForUrl,
} from './lib.ts';
import {
  insertInBatches,
  openSeededDatabase,
  type SeedFingerprint,
  type SeedMarker,
  seedFingerprint,
} from './seeded-database.ts';

export const DEFAULT_BLOG_ROWS = 10_000;
/** Timed requests per case unless --iterations asks for more; never fewer than MIN_ITERATIONS. */
export const DEFAULT_BLOG_ITERATIONS = 200;
const MIN_ITERATIONS = 100;
const BLOG_GENERATOR_VERSION = 2;
const SEED = 20_240_501;
const POSTGRES_DATABASE = 'sampark_bench_blog';
/** Drafts besides the published posts: about 3% of them ("a few hundred" at 10,000). */
const DRAFT_SHARE = 0.03;
const WARMUP = 20;
/** Fast cases run past `iterations` for FAST_CASE_MIN_DURATION_MS, or up to this many requests. */
const MAX_ITERATIONS = 1_000;
/** `/blog` requested again only after its cached copy has expired: each one a first render. */
const EXPIRY_SAMPLES = 20;
const DEEP_PAGE = 400;
/** The issue's acceptance figure, enforced on SQLite for `/blog` and `/blog?category=News` rendered. */
const SQLITE_RENDER_BUDGET_P95_MS = 30;
/** A browser's User-Agent: a bot's would not count views, and a reader's view is part of a post page. */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
/** The newest post is published on this day; the others over the three years before it. */
const NEWEST_PUBLISHED = Date.UTC(2025, 4, 31, 18, 0, 0);
const SPAN_MS = 3 * 365 * 24 * 60 * 60 * 1000;

export type BlogDialect = 'sqlite' | 'postgres';

export interface BlogBenchOptions {
  rows: number;
  reseed: boolean;
  dialects: BlogDialect[];
  iterations: number;
}

interface CaseResult {
  label: string;
  mode: 'rendered' | 'cached' | 'after expiry';
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  runs: number;
  bytes: number;
  budgetP95Ms?: number;
}

interface DialectSummary {
  published: number;
  drafts: number;
  seedSeconds: number;
  seededNow: boolean;
  cases: Record<string, CaseResult>;
  failures: string[];
}

const fmt = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
const round = (value: number) => Number(value.toFixed(2));

/**
 * The public blog at scale: seeds `rows` published posts (and a few hundred drafts) into each database
 * (cached between runs), starts the production build on it and times `/blog`, `/blog?category=News`, a
 * deep page and a post page over HTTP, one request at a time, rendered and from the page cache.
 */
export async function benchBlogAtScale(options: BlogBenchOptions): Promise<{ ok: boolean }> {
  ensureBuild();
  const summaries = await benchEachDialect(
    options.dialects,
    { sqlite: () => benchSqlite(options), postgres: (serverUrl) => benchPostgres(serverUrl, options) },
    'Blog on PostgreSQL skipped: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL ' +
      `(e.g. postgres://postgres@127.0.0.1:5432/test); the bench uses that server's "${POSTGRES_DATABASE}" database.`,
  );
  console.log(`\nBENCH_JSON ${JSON.stringify({ bench: 'blog-scale', rows: options.rows, ...summaries })}`);
  return { ok: Object.values(summaries).every((summary) => summary.failures.length === 0) };
}

async function benchSqlite(options: BlogBenchOptions): Promise<DialectSummary> {
  const filename = path.join(BENCH_DIR, `blog-${options.rows}.db`);
  const { database, url, marker, seededNow } = await openSeededDatabase(
    { dialect: 'sqlite', filename },
    fingerprintFor('sqlite', options.rows),
    options.reseed,
    (db, label) => seed(db, options.rows, label),
  );
  return measure(database, `SQLite, ${filename}`, url, marker, seededNow, options);
}

async function benchPostgres(serverUrl: string, options: BlogBenchOptions): Promise<DialectSummary> {
  const { database, url, marker, seededNow } = await openSeededDatabase(
    { dialect: 'postgres', serverUrl, name: POSTGRES_DATABASE },
    fingerprintFor('postgres', options.rows),
    options.reseed,
    (db, label) => seed(db, options.rows, label),
  );
  return measure(database, `PostgreSQL, database ${POSTGRES_DATABASE}`, url, marker, seededNow, options);
}

// ---------------------------------------------------------------------------------------------------------
// The seed: cached like the inquiry bench's, by generator version, rows and the migrations' source.

function fingerprintFor(dialect: BlogDialect, rows: number): SeedFingerprint {
  return seedFingerprint(dialect, { generatorVersion: BLOG_GENERATOR_VERSION, seed: SEED, rows });
}

/** News about 20%, the rest shared among the other four. */
const CATEGORY_WEIGHTS: Record<BlogCategory, number> = {
  Technology: 0.28,
  Sports: 0.14,
  News: 0.2,
  Entertainment: 0.16,
  Other: 0.22,
};

const TOPICS: Record<BlogCategory, string[]> = {
  Technology: [
    'WhatsApp Business API',
    'UPI payments',
    'chatbots for small shops',
    'cloud backups',
    'two-factor sign-in',
    'fast mobile pages',
    'our new booking system',
    'SMS reminders',
    'QR code menus',
    'the Telegram channel',
  ],
  Sports: [
    'the city marathon',
    'our cricket league',
    'the kabaddi final',
    'the staff football match',
    'monsoon cycling',
    'the badminton open',
    'yoga mornings',
    'the school sports day',
  ],
  News: [
    'new opening hours',
    'the Diwali schedule',
    'our second branch',
    'price changes',
    'the support helpline',
    'holiday closures',
    'a new delivery area',
    'the customer survey results',
    'the GST update',
    'the festival sale',
  ],
  Entertainment: [
    'the weekend film club',
    'a Bollywood quiz night',
    'the music evening',
    'our reading circle',
    'the comedy open mic',
    'the photo contest',
    'the family game day',
  ],
  Other: [
    'caring for your order',
    'choosing the right plan',
    'customer stories',
    'behind the counter',
    'our team',
    'frequently asked questions',
    'recycling packaging',
    'working with local suppliers',
  ],
};

const TITLE_TEMPLATES = [
  (topic: string) => `Everything you need to know about ${topic}`,
  (topic: string) => `A quick guide to ${topic}`,
  (topic: string) => `What changes with ${topic}`,
  (topic: string) => `Five questions about ${topic}, answered`,
  (topic: string) => `Our notes on ${topic}`,
  (topic: string) => `How we got ready for ${topic}`,
  (topic: string) => `Looking back at ${topic}`,
  (topic: string) => `Getting started with ${topic}`,
];

const SENTENCES = [
  'Many of you wrote to us on WhatsApp about this, so here is the whole story in one place.',
  'We tried a few approaches over the last months and kept the one that worked best for our customers.',
  'If anything here is unclear, send us a message and someone from the team will answer within the day.',
  'The short version: nothing changes for you unless you want it to.',
  'Our support team in Pune and Jaipur tested this for two weeks before we made it the default.',
  'Prices stay the same, and every existing booking keeps its date and time.',
  'You can read more on our contact page, or call the helpline between 9 am and 7 pm.',
  'We are grateful to everyone who shared feedback, especially the regulars who visit every week.',
  'A few details are still being decided, and we will update this post when they are.',
  'Photos from the day are on our Instagram page, and a short video is on the Telegram channel.',
  'This also means shorter waiting times at the counter during the busy evening hours.',
  'As always, your data stays with us and is never shared with advertisers.',
];

const LIST_ITEMS = [
  'Send us a message on WhatsApp',
  'Bring your order number',
  'Check the new timings',
  'Ask for the **member discount**',
  'Pay with UPI or cash',
  'Reply *STOP* to end reminders',
  'Share the link with a friend',
];

const AUTHORS = ['Admin', 'Priya Sharma', 'Arjun Mehta', 'Support Team', 'Neha Iyer', 'Rahul Verma'];

interface GeneratedPost {
  id: string;
  slug: string;
  title: string;
  description: string;
  content: string;
  category: string;
  image: string;
  author: string;
  isPublished: number;
  views: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

function* generatePosts(rows: number): Generator<GeneratedPost> {
  const next = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const category = (): BlogCategory => {
    let roll = next();
    for (const name of BLOG_CATEGORIES) {
      roll -= CATEGORY_WEIGHTS[name];
      if (roll < 0) return name;
    }
    return 'Other';
  };
  const paragraph = () => Array.from({ length: 3 + Math.floor(next() * 4) }, () => pick(SENTENCES)).join(' ');
  const drafts = Math.round(rows * DRAFT_SHARE);
  const total = rows + drafts;
  const draftEvery = drafts > 0 ? Math.max(2, Math.floor(total / drafts)) : Number.POSITIVE_INFINITY;
  let publishedLeft = rows;
  let draftsLeft = drafts;
  for (let n = 1; n <= total; n++) {
    // Drafts are spread among the published posts, one in every ~33.
    const isPublished = publishedLeft > 0 && (draftsLeft === 0 || n % draftEvery !== 0);
    if (isPublished) publishedLeft--;
    else draftsLeft--;
    const postCategory = category();
    const topic = pick(TOPICS[postCategory]);
    const title = `${pick(TITLE_TEMPLATES)(topic)} (${n})`;
    const published = NEWEST_PUBLISHED - Math.floor(next() * SPAN_MS);
    const created = published - Math.floor(next() * 5 * 24 * 60 * 60 * 1000);
    const updated = next() < 0.3 ? published + Math.floor(next() * 30 * 24 * 60 * 60 * 1000) : published;
    const sections = [
      paragraph(),
      `## ${pick(['What is new', 'Why we did it', 'What you can do', 'The details'])}`,
      paragraph(),
      LIST_ITEMS.slice(0, 2 + Math.floor(next() * 4))
        .map((item) => `- ${item}`)
        .join('\n'),
      paragraph(),
      next() < 0.5 ? `> ${pick(SENTENCES)}` : `Read our [contact page](/contact) for the numbers.`,
    ];
    yield {
      id: newId(),
      slug: `${slugify(title)}-${n}`,
      title,
      description: `${pick(SENTENCES)} ${pick(SENTENCES)}`,
      content: sections.join('\n\n'),
      category: postCategory,
      image: next() < 0.3 ? `https://images.example.in/blog/${n}.jpg` : '',
      author: pick(AUTHORS),
      isPublished: isPublished ? 1 : 0,
      views: Math.floor(next() ** 3 * 5_000),
      // Most drafts were never published; a few were and were taken down again.
      publishedAt: isPublished || next() < 0.2 ? new Date(published).toISOString() : null,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
    };
  }
}

/** Inserts the generated posts, the published ones and the drafts. */
function seed(db: Kysely<DB>, rows: number, label: string): Promise<number> {
  return insertInBatches(db, {
    label,
    unit: 'posts',
    rows: generatePosts(rows),
    total: rows + Math.round(rows * DRAFT_SHARE),
    // 500 rows of 13 columns: 6,500 parameters, well under both dialects' caps.
    rowsPerInsert: 500,
    insertsPerTransaction: 10,
    insert: (trx, batch) => trx.insertInto('blogPosts').values(batch).execute(),
  });
}

// ---------------------------------------------------------------------------------------------------------
// The measurement: the production server on the seeded database, one request at a time.

/** `samples` calls of `run`, each after `pauseMs` of quiet; the pauses are not timed. */
async function timeAfterPauses(
  run: () => Promise<number>,
  pauseMs: number,
  samples: number,
): Promise<Timing<number>> {
  const times: number[] = [];
  let last = 0;
  for (let i = 0; i < samples; i++) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const start = performance.now();
    last = await run();
    times.push(performance.now() - start);
  }
  return timingOf(times, last);
}

/** How React writes text into HTML: a title is found in the page only in this form. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

interface Expectation {
  /** What each response must contain (a post title), or a function of the request's index. */
  contains: (index: number) => string;
}

async function measure(
  database: Database,
  title: string,
  databaseUrl: string,
  marker: SeedMarker,
  seededNow: boolean,
  options: BlogBenchOptions,
): Promise<DialectSummary> {
  const { db, dialect } = database;
  const repository = createBlogPostRepository(db);
  const failures: string[] = [];
  let published: number;
  let drafts: number;
  let firstPage: string;
  let newsPage: string;
  let deepPage: string;
  let newsTotal: number;
  let slugs: { slug: string; title: string }[];
  try {
    published = await repository.countPublished();
    const all = await db
      .selectFrom('blogPosts')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    drafts = Number(all.count) - published;
    const list = (category: BlogCategory | undefined, page: number) =>
      repository.listPublished({ category, page, pageSize: BLOG_PAGE_SIZE });
    firstPage = (await list(undefined, 1)).items[0]!.title;
    const news = await list('News', 1);
    newsPage = news.items[0]!.title;
    newsTotal = news.total;
    const deep = (await list(undefined, DEEP_PAGE)).items[0];
    if (!deep) throw new Error(`page ${DEEP_PAGE} of the blog is empty: seed more posts (--rows)`);
    deepPage = deep.title;
    // Posts spread over the whole list, each requested once: every request is that URL's first.
    const needed = MAX_ITERATIONS + WARMUP + 1;
    const { rows } = await sql<{ slug: string; title: string }>`select slug, title from blog_posts
      where is_published = 1 order by slug`.execute(db);
    const step = Math.max(1, Math.floor(rows.length / needed));
    slugs = rows.filter((_, index) => index % step === 0);
  } finally {
    await database.close();
  }
  console.log(
    `\n${title}: ${fmt(published)} published posts (News ${fmt(newsTotal)}, ` +
      `${((newsTotal / published) * 100).toFixed(0)}%), ${fmt(drafts)} drafts\n` +
      `  seeded ${seededNow ? 'now' : `${marker.seededAt} (cached; --reseed to seed again)`} in ` +
      `${marker.seedSeconds.toFixed(1)} s`,
  );

  const { child: server, origin: base } = await startServer({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...UNUSED_ADMIN,
    DEMO_MODE: 'false',
  });
  console.log(
    '  "rendered": the server keeps no page whose URL has a query string (serve-web.ts), so /blog?page=1\n' +
      '  (the same filter, data and HTML as /blog) and the other list URLs are rendered on every request; a\n' +
      '  post page is asked for each time for a post not asked for before, so it is never in the cache.\n' +
      `  "after expiry": /blog itself, each request ${fmt(PUBLIC_CONTENT_MAX_AGE_MS + 100)} ms after the last, once its cached copy\n` +
      '  has expired (decision 006). "cached": the same URL again and again (rendered again once a second).\n' +
      '  One request at a time; each must answer 200 with the expected post title in its HTML.',
  );
  const cases: Record<string, CaseResult> = {};
  try {
    await waitForUrl(`${base}/api/contacts/active`);
    const iterations = Math.max(MIN_ITERATIONS, options.iterations);
    const timed = {
      warmup: WARMUP,
      iterations,
      minDurationMs: FAST_CASE_MIN_DURATION_MS,
      maxIterations: MAX_ITERATIONS,
    };

    const request = async (
      key: string,
      url: string,
      expectation: Expectation,
      counter: { index: number; bad: string[] },
    ) => {
      const index = counter.index++;
      const response = await fetch(`${base}${url}`, { headers: { 'user-agent': USER_AGENT } });
      const html = await response.text();
      const expected = escapeHtml(expectation.contains(index));
      if (response.status !== 200 || !html.includes(expected)) {
        if (counter.bad.length < 3) {
          counter.bad.push(
            `${key}: GET ${url} answered ${response.status}, ${html.length} bytes, without "${expected}"`,
          );
        }
      }
      return html.length;
    };
    const timeCase = async (
      key: string,
      label: string,
      mode: CaseResult['mode'],
      url: (index: number) => string,
      expectation: Expectation,
      budgetP95Ms?: number,
      timing?: (run: () => Promise<number>) => Promise<Timing<number>>,
    ) => {
      const counter = { index: 0, bad: [] as string[] };
      const run = () => request(key, url(counter.index), expectation, counter);
      const result = timing ? await timing(run) : await timeCalls(run, timed);
      failures.push(...counter.bad);
      cases[key] = {
        label,
        mode,
        p50Ms: round(result.p50Ms),
        p95Ms: round(result.p95Ms),
        maxMs: round(result.maxMs),
        runs: result.iterations,
        bytes: result.last,
        ...(budgetP95Ms === undefined ? {} : { budgetP95Ms }),
      };
    };
    // The stand-in must be the same page: /blog?page=1 and /blog differ only in their nonces.
    const page = async (url: string) =>
      (await (await fetch(`${base}${url}`)).text()).replaceAll(/nonce="[^"]*"/g, 'nonce=""');
    if ((await page('/blog?page=1')) !== (await page('/blog'))) {
      failures.push('/blog?page=1 is not the same page as /blog: it cannot stand in for its rendering');
    }
    const budget = dialect === 'sqlite' ? SQLITE_RENDER_BUDGET_P95_MS : undefined;
    const fixed = (text: string): Expectation => ({ contains: () => text });

    // Rendered: the server keeps no page whose URL has a query string, so these render on every request.
    // `/blog?page=1` is `/blog` (the same filter, data and HTML; its canonical link is /blog) without the
    // cache lookup.
    await timeCase(
      'blogRendered',
      '/blog (as /blog?page=1)',
      'rendered',
      () => '/blog?page=1',
      fixed(firstPage),
      budget,
    );
    await timeCase(
      'newsRendered',
      '/blog?category=News',
      'rendered',
      () => '/blog?category=News',
      fixed(newsPage),
      budget,
    );
    await timeCase(
      'deepRendered',
      `/blog?page=${DEEP_PAGE}`,
      'rendered',
      () => `/blog?page=${DEEP_PAGE}`,
      fixed(deepPage),
    );
    // A post's page is kept per URL: each request asks for a post not asked for before, so none is cached.
    await timeCase(
      'postRendered',
      '/blog/{slug}, a different post each time',
      'rendered',
      (index) => `/blog/${slugs[index % slugs.length]!.slug}`,
      { contains: (index) => slugs[index % slugs.length]!.title },
    );
    // The cross-check of `/blog?page=1`: `/blog` itself, each request made after its cached copy expired,
    // so each is a first render (a pause, then one timed request).
    await timeCase(
      'blogAfterExpiry',
      `/blog, ${fmt(PUBLIC_CONTENT_MAX_AGE_MS + 100)} ms apart`,
      'after expiry',
      () => '/blog',
      fixed(firstPage),
      undefined,
      (run) => timeAfterPauses(run, PUBLIC_CONTENT_MAX_AGE_MS + 100, EXPIRY_SAMPLES),
    );
    // Cached: the same URL again and again, from the page cache (rendered again once a second).
    await timeCase('blogCached', '/blog', 'cached', () => '/blog', fixed(firstPage));
    const post = slugs[0]!;
    await timeCase(
      'postCached',
      '/blog/{slug}, the same post',
      'cached',
      () => `/blog/${post.slug}`,
      fixed(post.title),
    );
  } finally {
    await stopProcess(server);
  }

  console.log(
    `\n  ${'page'.padEnd(44)} ${'mode'.padEnd(13)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'runs'.padStart(5)} ${'KB'.padStart(5)}`,
  );
  for (const result of Object.values(cases)) {
    console.log(
      `  ${result.label.padEnd(44)} ${result.mode.padEnd(13)} ${ms(result.p50Ms).padStart(8)} ${ms(
        result.p95Ms,
      ).padStart(8)} ${ms(result.maxMs).padStart(8)} ${String(result.runs).padStart(5)} ${(
        result.bytes / 1024
      )
        .toFixed(0)
        .padStart(5)}${result.budgetP95Ms === undefined ? '' : `   budget p95 <= ${result.budgetP95Ms} ms`}`,
    );
  }
  for (const result of Object.values(cases)) {
    if (result.budgetP95Ms !== undefined && result.p95Ms > result.budgetP95Ms) {
      failures.push(
        `${result.label}: p95 ${ms(result.p95Ms)} ms is over its ${result.budgetP95Ms} ms budget`,
      );
    }
  }
  for (const failure of failures) console.log(`  FAIL ${failure}`);
  if (dialect === 'sqlite' && failures.length === 0)
    console.log('  All SQLite budgets met; every page had its posts.');
  if (dialect === 'postgres') console.log('  (PostgreSQL figures are reported, not held to the budget.)');
  return { published, drafts, seedSeconds: round(marker.seedSeconds), seededNow, cases, failures };
}
