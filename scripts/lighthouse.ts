/**
 * Lighthouse on the production build: starts `node dist/server/main.js` on a free port with a fresh SQLite
 * file under .tmp and demo content, runs Lighthouse's mobile audit (its default form factor and simulated
 * throttling) on the public pages (a post: the newest published demo post) in Debian's Chromium, and prints
 * the four category scores per page.
 * Reports are written to .tmp/lighthouse/<page>.html. Needs no network beyond localhost.
 *
 * Usage: npm run lighthouse   (builds first when there is no build; CHROMIUM_PATH picks another Chromium)
 *        npm run lighthouse -- /hi /hi/contact   (only these paths)
 */
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, freePort, startProcess, stopProcess, waitForUrl } from '../bench/lib.ts';

interface AuditedPage {
  /** The report's file name. */
  name: string;
  path: string;
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const REPORT_DIR = path.resolve('.tmp/lighthouse');
const PAINT_AUDITS = ['first-contentful-paint', 'largest-contentful-paint'];
/** Audits shown under a page's scores: the ones that cost it points, worst first. */
const SHOWN_PROBLEMS = 8;

ensureBuild();
// The report folder first: it creates .tmp, where the site's folder goes, in a fresh checkout.
fs.mkdirSync(REPORT_DIR, { recursive: true });
const workDir = fs.mkdtempSync(path.resolve('.tmp', 'lighthouse-site-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = startProcess(process.execPath, ['dist/server/main.js'], {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: `file:${path.join(workDir, 'site.db')}`,
  DEMO_MODE: 'true',
  ADMIN_PASSWORD: 'lighthouse-password-not-used',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});

/** One page in a Chromium of its own: a second run in the same browser can lose its trace (NO_NAVSTART). */
async function audit(url: string) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result;
  } finally {
    chrome.kill();
  }
}

/** The newest published post of the demo content, as the public list has it. */
async function newestPost(): Promise<AuditedPage> {
  const response = await fetch(`${origin}/api/blogs/published?pageSize=1`);
  if (!response.ok) throw new Error(`GET /api/blogs/published answered ${response.status}`);
  const [post] = ((await response.json()) as { data: { slug: string }[] }).data;
  if (!post) throw new Error('the demo content has no published post');
  return { name: 'blog-post', path: `/blog/${post.slug}` };
}

let failed = false;
try {
  await waitForUrl(`${origin}/api/ready`);
  const chosen = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const pages: AuditedPage[] =
    chosen.length > 0
      ? chosen.map((path) => ({ name: path.slice(1).replaceAll('/', '-') || 'home', path }))
      : [
          { name: 'home', path: '/' },
          { name: 'contact', path: '/contact' },
          { name: 'blog', path: '/blog' },
          await newestPost(),
          { name: 'terms', path: '/terms' },
          { name: 'privacy', path: '/privacy' },
          { name: 'game', path: '/tictactoe' },
          { name: 'delete-account', path: '/delete-account' },
          // The Hindi pages (decision 038).
          { name: 'hi-home', path: '/hi' },
          { name: 'hi-contact', path: '/hi/contact' },
        ];
  const pathWidth = Math.max(...pages.map((page) => page.path.length));
  const rows: string[] = [];
  for (const page of pages) {
    const url = `${origin}${page.path}`;
    let result = await audit(url);
    // A lost trace is Chromium's hiccup, not the page's: one more try.
    if (result.lhr.runtimeError) result = await audit(url);
    const { lhr } = result;
    if (lhr.runtimeError) {
      failed = true;
      console.error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      continue;
    }
    const reportFile = path.join(REPORT_DIR, `${page.name}.html`);
    fs.writeFileSync(reportFile, String(result.report));
    const scores = CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return typeof score === 'number' ? Math.round(score * 100) : null;
    });
    // The paint figures the page's goals are set in (FCP ≤ 1.2 s, LCP ≤ 1.5 s, decision 044).
    const paints = PAINT_AUDITS.map((id) => lhr.audits[id]?.displayValue ?? '-');
    rows.push(
      `${page.path.padEnd(pathWidth)} ${scores.map((score) => String(score ?? '-').padStart(15)).join('')}` +
        paints.map((value) => value.padStart(8)).join(''),
    );
    // Audits that count towards a category score and lost points, worst first.
    const weighted = new Set(
      CATEGORIES.flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => ref.id),
    );
    const problems = Object.values(lhr.audits)
      .filter((audit) => weighted.has(audit.id) && typeof audit.score === 'number' && audit.score < 0.9)
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .slice(0, SHOWN_PROBLEMS);
    console.log(`\n${page.path}  (report: ${path.relative(process.cwd(), reportFile)})`);
    for (const audit of problems) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      console.log(`  ${String(Math.round((audit.score ?? 0) * 100)).padStart(3)}  ${audit.title}${value}`);
    }
  }
  console.log(`\nLighthouse ${lighthouseVersion()}, mobile, simulated throttling\n`);
  console.log(
    `${'page'.padEnd(pathWidth)} ${CATEGORIES.map((id) => id.padStart(15)).join('')}${['FCP', 'LCP'].map((name) => name.padStart(8)).join('')}`,
  );
  for (const row of rows) console.log(row);
} finally {
  await stopProcess(server);
  fs.rmSync(workDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;

function lighthouseVersion(): string {
  const file = path.resolve('node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
