import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { PUBLIC_PAGE_PATHS } from '../src/shared/pages/public-pages.ts';
import {
  BENCH_DIR,
  ensureBuild,
  ensureBuildOfCommit,
  startServer,
  stopProcess,
  UNUSED_ADMIN,
  waitForUrl,
} from './lib.ts';

/**
 * The public pages on a low-end phone: Chromium with its CPU slowed 6× and a 1.6 Mbps / 150 ms network, a
 * phone's screen, a cold cache for every load. For each page: when it first painted, when its main thread
 * was last busy (the end of its last long task, or the paint when there was none: "quiet"), the time its long
 * tasks took in all, and the bytes it fetched (script apart). Measured in the same run against the build
 * before islands (decision 062), built from that commit's source, so the two meet the same machine's noise.
 */

/** The commit before public pages hydrated only their islands: the baseline's source. */
export const PRE_ISLANDS_COMMIT = '3bb9c13204526e18f0c67bd6491b2f0ba914400c';
const PAGES = [...PUBLIC_PAGE_PATHS, '/hi/contact', '/hi/terms'];
/** Loads of each page on each build; the median is shown (interleaved, so both see the same moments). */
const LOADS = 3;
const CPU_SLOWDOWN = 6;
const NETWORK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** The main thread counts as quiet after this long without a long task (or at most after the second bound). */
const QUIET_WINDOW_MS = 2_000;
const OBSERVE_AT_MOST_MS = 15_000;
/** The targets for a page of islands, on a quiet machine. */
export const PHONE_TARGETS = { quietMs: 1_200, longTasksMs: 50 } as const;

export interface PhoneLoad {
  firstPaintMs: number;
  quietMs: number;
  longTasksMs: number;
  scriptBytes: number;
  allBytes: number;
}

/** Collects paints and long tasks from the page's start (buffered observers see the earliest ones). */
function observePage() {
  const seen = { paint: 0, tasks: [] as { start: number; end: number }[] };
  (window as unknown as { __phoneBench: typeof seen }).__phoneBench = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') seen.paint = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      seen.tasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
}

async function loadOnce(browser: Browser, url: string): Promise<PhoneLoad> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
    await page.addInitScript(observePage);
    await page.goto(url, { waitUntil: 'networkidle' });
    // A page's work after the network went idle (hydration waits for a frame) counts too.
    const started = Date.now();
    for (;;) {
      const { tasks, now } = await page.evaluate(() => ({
        tasks: (window as unknown as { __phoneBench: { tasks: { end: number }[] } }).__phoneBench.tasks,
        now: performance.now(),
      }));
      const lastEnd = Math.max(0, ...tasks.map((task) => task.end));
      if (now - lastEnd >= QUIET_WINDOW_MS || Date.now() - started > OBSERVE_AT_MOST_MS) break;
      await page.waitForTimeout(250);
    }
    return await page.evaluate(() => {
      const seen = (
        window as unknown as { __phoneBench: { paint: number; tasks: { start: number; end: number }[] } }
      ).__phoneBench;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = resources.filter(
        (entry) => entry.initiatorType === 'script' || /\.m?js$/.test(entry.name),
      );
      // No named helper in here: tsx's name-keeping wrapper (__name) does not exist in the page.
      return {
        firstPaintMs: seen.paint,
        quietMs: Math.max(seen.paint, ...seen.tasks.map((task) => task.end)),
        longTasksMs: seen.tasks.reduce((total, task) => total + task.end - task.start, 0),
        scriptBytes: scripts.reduce((total, entry) => total + entry.transferSize, 0),
        allBytes: resources.reduce((total, entry) => total + entry.transferSize, navigation.transferSize),
      };
    });
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medianLoad(loads: PhoneLoad[]): PhoneLoad {
  return {
    firstPaintMs: median(loads.map((load) => load.firstPaintMs)),
    quietMs: median(loads.map((load) => load.quietMs)),
    longTasksMs: median(loads.map((load) => load.longTasksMs)),
    scriptBytes: median(loads.map((load) => load.scriptBytes)),
    allBytes: median(loads.map((load) => load.allBytes)),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchPhone(): Promise<{ ok: boolean }> {
  ensureBuild();
  const baselineDir = ensureBuildOfCommit(
    PRE_ISLANDS_COMMIT,
    'pre-islands',
    'the public pages before islands',
  );
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const servers = {
    islands: await startServer({ ...UNUSED_ADMIN, DATABASE_URL: `file:${BENCH_DIR}/phone-islands.db` }),
    before: await startServer(
      {
        ...UNUSED_ADMIN,
        DATABASE_URL: `file:${BENCH_DIR}/phone-before.db`,
        WEB_DIST_DIR: path.resolve(baselineDir, 'dist/web'),
      },
      { args: [path.join(baselineDir, 'dist/server/main.js')] },
    ),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  let ok = true;
  try {
    await Promise.all(Object.values(servers).map(({ origin }) => waitForUrl(`${origin}/api/ready`)));
    console.log(
      `\nPublic pages on a low-end phone: CPU ${CPU_SLOWDOWN}× slower, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbps / ${NETWORK.latency} ms, cold cache, median of ${LOADS}`,
    );
    console.log(
      `${'page'.padEnd(16)} ${'build'.padEnd(8)} ${'paint'.padStart(7)} ${'quiet'.padStart(7)} ${'long tasks'.padStart(10)} ${'script'.padStart(9)} ${'all'.padStart(9)}`,
    );
    for (const page of PAGES) {
      const loads = { before: [] as PhoneLoad[], islands: [] as PhoneLoad[] };
      for (let round = 0; round < LOADS; round += 1) {
        loads.before.push(await loadOnce(browser, `${servers.before.origin}${page}`));
        loads.islands.push(await loadOnce(browser, `${servers.islands.origin}${page}`));
      }
      for (const build of ['before', 'islands'] as const) {
        const load = medianLoad(loads[build]);
        const checked = build === 'islands';
        const missed =
          checked && (load.quietMs > PHONE_TARGETS.quietMs || load.longTasksMs > PHONE_TARGETS.longTasksMs);
        if (missed) ok = false;
        console.log(
          [
            page.padEnd(16),
            (build === 'islands' ? 'now' : 'before').padEnd(8),
            seconds(load.firstPaintMs).padStart(7),
            seconds(load.quietMs).padStart(7),
            `${Math.round(load.longTasksMs)} ms`.padStart(10),
            kilobytes(load.scriptBytes).padStart(9),
            kilobytes(load.allBytes).padStart(9),
            checked
              ? missed
                ? `  FAIL (targets: quiet ≤ ${seconds(PHONE_TARGETS.quietMs)}, long tasks ≤ ${PHONE_TARGETS.longTasksMs} ms)`
                : '  ok'
              : '',
          ].join(' '),
        );
      }
    }
  } finally {
    await browser.close();
    await Promise.all(Object.values(servers).map(({ child }) => stopProcess(child)));
  }
  return { ok };
}
