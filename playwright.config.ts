import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve('.tmp/e2e');

/**
 * Messages an address sends in an hour before each needs a proof of work: above what all the specs send from
 * 127.0.0.1 together, so only e2e/busy-connection.spec.ts, which makes its own address busy, sees a challenge.
 */
export const E2E_INQUIRY_CHALLENGE_AFTER_PER_HOUR = 100;

/**
 * Messages one email address or phone number may send in an hour: far above what any spec sends with one,
 * so only e2e/hindi-contact.spec.ts, which spends an address's hour, reaches the limit.
 */
export const E2E_INQUIRY_LIMIT_PER_SENDER_PER_HOUR = 500;

/**
 * The admin's session is saved once, at the start (e2e/global-setup.ts); the PostgreSQL specs use it only after
 * every SQLite one, which on a busy machine took longer than the default 30 idle minutes.
 */
export const E2E_SESSION_IDLE_HOURS = 4;
export const E2E_ADMIN = { email: 'e2e@sampark.local', password: 'e2e-password-123' };

/**
 * The e2e servers, each on a fresh database of its own: every browser test runs on the embedded SQLite
 * database; those of POSTGRES_SPECS run again on PostgreSQL when one is given. The @exclusive tests of each
 * database get a server and a database of their own, beside the others' (see EXCLUSIVE). A server's admin
 * session, saved by e2e/global-setup.ts, and its backups go in its own folder under .tmp/e2e (a SQLite server
 * empties its folder when it starts, before that setup runs).
 */
export const E2E_DATABASES = [
  // The exclusive ones first: their projects' tests, one at a time, are the longest chains, so they start
  // at once and the rest fills the other worker around them.
  e2eServer('sqlite', true, BASE_PORT + 2),
  ...(process.env.TEST_POSTGRES_URL ? [e2eServer('postgres', true, BASE_PORT + 3)] : []),
  e2eServer('sqlite', false, BASE_PORT),
  ...(process.env.TEST_POSTGRES_URL ? [e2eServer('postgres', false, BASE_PORT + 1)] : []),
];

function e2eServer(dialect: 'sqlite' | 'postgres', exclusive: boolean, port: number) {
  const name = exclusive ? `${dialect}-exclusive` : dialect;
  const folder = path.join(dataDir, name);
  return {
    name,
    dialect,
    exclusive,
    port,
    url:
      dialect === 'sqlite'
        ? `file:${folder}/sampark.db`
        : // Named after the port, so runs on other ports (other checkouts) never drop each other's database.
          postgresDatabase(process.env.TEST_POSTGRES_URL!, `sampark_e2e_${port}`),
    backupDir: path.join(folder, 'backups'),
    adminSession: path.join(folder, 'admin-session.json'),
  };
}

/**
 * On PostgreSQL, the specs whose server code differs by database: backups (pg_dump and its restore) and their
 * off-machine copies (sent by the outbox, whose leases are PostgreSQL's), the
 * inbox's search, locks and paging, notes, the team and members (their unique indexes and searches), API
 * tokens and webhooks, the notification outbox, live updates (LISTEN/NOTIFY there, in-process on SQLite),
 * the dashboard's sums and the click counts. Every other spec is about the browser side and gets the same
 * answers from both (the API tests run on both databases): it runs on SQLite alone, which keeps a CI run
 * about six minutes shorter (decision 046).
 */
const POSTGRES_SPECS = [
  'admin-backup-copies',
  'admin-backups',
  'admin-dashboard',
  'admin-inquiries',
  'admin-integrations',
  'admin-members',
  'admin-team',
  'channel-clicks',
  'inquiry-notes',
  'live-inbox',
  'notification-settings',
  'push-notifications',
].map((name) => `${name}.spec.ts`);

/**
 * Tests that read or change what every other test on their database sees: totals and unread counts, the
 * order of the contact channels, the newest blog post, the site settings. They run one at a time, on a
 * server and database of their own (E2E_DATABASES), beside the rest: when they ran after the rest, on its
 * database, the run ended with a minute of one test at a time (decision 067). Every other test makes and
 * finds its own data, so files run side by side.
 */
const EXCLUSIVE = /@exclusive/;

function postgresDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Debian's headless shell (scripts/ensure-chromium.sh): Playwright's own choice for headless runs, lighter
// than the full browser, whose UI processes run even when no window is shown (the same specs took about a
// fifth less CPU).
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: CHROMIUM_ARGS,
};

/**
 * Debian's full Chromium, for the specs the headless shell cannot run: it has no Notification or PushManager
 * (so the back office would rightly say the browser cannot be notified), and a tab opened by a link that
 * redirects to another site ends on its error page there (e2e/channel-clicks.spec.ts).
 */
export const FULL_CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Three browsers on two cores: with two, a core sat idle while a test waited on the clock (a post
  // scheduled a minute ahead) and the run took 336 s instead of 294 s (decision 067). The tests of one file
  // run in order, in one worker.
  workers: 3,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two browsers share the two cores: a test with two axe audits took over 30 s on a busy machine, and on a
  // slow day (load average 12, much of it the kernel's) nearly 60 s, with screens taking over 5 s to appear
  // for the build that had passed before as much as for the new one. Speed is measured by the benches and
  // Lighthouse; these tests check behaviour, so they wait longer rather than fail on a slow machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // The JSON report keeps each test's duration, to see where a run's time goes (.tmp is not tracked).
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-report.json' }]],
  // No trace: recording one (a screencast and a DOM snapshot at every step) took about two fifths of the
  // browsers' CPU even when passing tests threw it away. To see a failure step by step, run the spec again
  // with `--trace retain-on-failure`; a failure leaves a screenshot and the page's ARIA snapshot either way.
  //
  // Reduced motion, as a visitor may ask: the public pages' backdrop drifts forever, and without a GPU the
  // headless browser redrew it every frame, a quarter of a core for each public page left open
  // (decision 067). The specs of motion (public-pages, game) ask for each preference themselves.
  use: {
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
    reducedMotion: 'reduce',
  },
  projects: E2E_DATABASES.map((server) => ({
    name: server.name,
    use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${server.port}` },
    ...(server.dialect === 'postgres' ? { testMatch: POSTGRES_SPECS } : {}),
    ...(server.exclusive ? { grep: EXCLUSIVE, workers: 1 } : { grepInvert: EXCLUSIVE }),
  })),
  webServer: E2E_DATABASES.map((database) => ({
    // A fresh database every run, then the production build.
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${database.port}/api/ready`,
    reuseExistingServer: false,
    // The servers log at warn: a 500 or a failed background job shows in the run's output, beside the test
    // that met it, instead of being lost with the server.
    stdout: 'pipe',
    timeout: 60_000,
    env: {
      PORT: String(database.port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      BACKUP_DIR: database.backupDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every spec posts from 127.0.0.1, many with one phone; the limits are covered by the API tests, and the
      // sender's limit in a browser by e2e/hindi-contact.spec.ts.
      INQUIRY_LIMIT_PER_HOUR: '500',
      INQUIRY_LIMIT_PER_SENDER_PER_HOUR: String(E2E_INQUIRY_LIMIT_PER_SENDER_PER_HOUR),
      INQUIRY_CHALLENGE_AFTER_PER_HOUR: String(E2E_INQUIRY_CHALLENGE_AFTER_PER_HOUR),
      // A spec whose outcome depends on one address's count of attempts sends X-Forwarded-For with an address
      // of its own (addressOfItsOwn in e2e/support.ts), as a carrier's NAT gives one to many subscribers.
      // Every other spec is 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
      // e2e/admin-integrations.spec.ts points a webhook at a receiver it starts on 127.0.0.1, over plain http, and
      // e2e/push-notifications.spec.ts adds a device whose push service is on 127.0.0.1, and
      // e2e/admin-backup-copies.spec.ts copies backups to an s3rver there (decisions 047 and 056).
      WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true',
      SESSION_IDLE_MINUTES: String(E2E_SESSION_IDLE_HOURS * 60),
    },
  })),
});
