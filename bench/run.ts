import { parseCommandLine } from '../scripts/command-line.ts';
import { benchBackups } from './backups.ts';
import { benchBlogAtScale, DEFAULT_BLOG_ITERATIONS, DEFAULT_BLOG_ROWS } from './blog-scale.ts';
import { benchGame } from './game.ts';
import { benchHttp, CHANNEL_LIST_RATIO_TARGET, CPU_BARE_RATIO_TARGET, CPU_PEER_TARGET } from './http.ts';
import { benchInquiriesAtScale, DEFAULT_SCALE_ROWS, type ScaleDialect } from './inquiries-scale.ts';
import { benchInquiryWrites, INQUIRY_WRITE_BUDGET_PER_SECOND } from './inquiries-write.ts';
import { benchMemory, MEMORY_TARGETS, MIXED_MINUTES, PRE_MEMORY_COMMIT } from './memory.ts';
import { benchNotifications, NOTIFICATION_RATIO_TARGET } from './notifications.ts';
import { benchPhone, PHONE_TARGETS, PRE_ISLANDS_COMMIT } from './phone.ts';
import { benchUploads, UPLOAD_PEAK_RSS_BUDGET_MB, UPLOADS_AT_ONCE } from './uploads.ts';

const USAGE = `Usage: npm run bench -- [http] [inquiries] [inquiries-write] [notifications] [blog] [game] [backups] [uploads] [phone] [memory] [options]
  http                wrk against bare node:http servers sending the same bytes, as ratios with wrk's and the
                      servers' CPU: the public channel list (LOG_LEVEL=info, target >= ${CHANNEL_LIST_RATIO_TARGET};
                      and silent), /contact without and with brotli, and the contact form's POST; for the channel
                      list also plain Fastify with and without a pino request line, and each side's server CPU µs
                      per request (Sampark <= ${CPU_PEER_TARGET} × Fastify + pino, bare/Sampark >= ${CPU_BARE_RATIO_TARGET})
  inquiries           the inquiry inbox at scale on SQLite and PostgreSQL (BENCH_POSTGRES_URL or TEST_POSTGRES_URL)
  inquiries-write     sustained POST /api/contact-inquiries on SQLite: the app before decision 012 (synchronous=NORMAL),
                      FULL alone, and the durable default (FULL, group commit), as ratios; the default's budget
                      ${INQUIRY_WRITE_BUDGET_PER_SECOND.toLocaleString('en-US')} inquiries/s
  notifications       sustained POST /api/contact-inquiries on SQLite with notifications off and on (an email to
                      each of 3 users through a local SMTP server), as a ratio (target >= ${NOTIFICATION_RATIO_TARGET});
                      then every email must arrive
  blog                the public blog pages server-rendered over HTTP (production build) at scale, on both
  game                the tic-tac-toe robot: Expert's first move on an empty board (median of 1,000), against
                      a loop of outcomeOf evaluations
  backups             npm run backup of the inquiries' database (${DEFAULT_SCALE_ROWS.toLocaleString('en-US')} rows) while the server takes
                      contact-form posts, then npm run restore into an empty database, on SQLite and PostgreSQL:
                      durations, sizes, and every inquiry acknowledged before the backup must be restored
  uploads             ${UPLOADS_AT_ONCE} image uploads at once (48 megapixels each) against the production server:
                      its peak memory under ${UPLOAD_PEAK_RSS_BUDGET_MB} MiB, and /contact answering meanwhile
  phone               the public pages on a low-end phone (Chromium, CPU 6× slower, 1.6 Mbps / 150 ms, cold cache):
                      first paint, main thread quiet, long tasks and bytes, now and as built before islands
                      (${PRE_ISLANDS_COMMIT.slice(0, 7)}); a page of islands must be quiet by ${PHONE_TARGETS.quietMs} ms with at most
                      ${PHONE_TARGETS.longTasksMs} ms of long tasks
  memory              the production server's resident memory (V8 heap, native, file-backed) at idle, after
                      ${MIXED_MINUTES} min of mixed public reads and after an admin session of uploads and exports, against
                      bare Node.js and the build before decision 064 (${PRE_MEMORY_COMMIT.slice(0, 7)}) in the same run; targets
                      ${MEMORY_TARGETS.idleMb} MiB idle, ${MEMORY_TARGETS.mixedMb} MiB under the reads, throughput >= ${MEMORY_TARGETS.throughputRatio} of the baseline's
                      (no part named: all ten)
Options for inquiries, backups and blog:
  --rows <n>          inquiries to seed (default ${DEFAULT_SCALE_ROWS.toLocaleString('en-US')}); with blog alone,
                      published posts to seed (default ${DEFAULT_BLOG_ROWS.toLocaleString('en-US')})
  --blog-rows <n>     published posts to seed when inquiries run too (default ${DEFAULT_BLOG_ROWS.toLocaleString('en-US')})
  --db <sqlite|postgres>   only this database (default both)
  --iterations <n>    timed calls per query at least (inquiries: default 50; blog: default ${DEFAULT_BLOG_ITERATIONS},
                      never fewer than 100; fast ones run up to 3 s)
  --reseed            seed again even when the cached database matches`;

const PARTS = [
  'http',
  'inquiries',
  'inquiries-write',
  'notifications',
  'blog',
  'game',
  'backups',
  'uploads',
  'phone',
  'memory',
] as const;
type Part = (typeof PARTS)[number];

const { values, positionals, fail, positiveInteger } = parseCommandLine(USAGE, {
  allowPositionals: true,
  options: {
    rows: { type: 'string' },
    'blog-rows': { type: 'string' },
    db: { type: 'string' },
    iterations: { type: 'string' },
    reseed: { type: 'boolean', default: false },
  },
});
const unknown = positionals.filter((part) => !PARTS.includes(part as Part));
if (unknown.length > 0) fail(`Unknown bench part: ${unknown.join(', ')}`);
const parts = new Set<Part>(positionals.length > 0 ? (positionals as Part[]) : PARTS);

const rows = positiveInteger('rows', values.rows, DEFAULT_SCALE_ROWS);
const iterations = positiveInteger('iterations', values.iterations, 50);
// --rows means posts only when the blog runs without the inquiries (a million posts is not the question).
const blogRows = positiveInteger(
  'blog-rows',
  values['blog-rows'] ?? (parts.has('inquiries') ? undefined : values.rows),
  DEFAULT_BLOG_ROWS,
);
const blogIterations = positiveInteger('iterations', values.iterations, DEFAULT_BLOG_ITERATIONS);
const BOTH: ScaleDialect[] = ['sqlite', 'postgres'];
const dialects = values.db === undefined ? BOTH : BOTH.filter((dialect) => dialect === values.db);
if (dialects.length === 0) fail('--db must be sqlite or postgres');

// Each benchmark reports ratios against a baseline measured in the same run: absolute numbers on shared
// machines are noisy, ratios much less so.
if (parts.has('http')) {
  const { ok } = await benchHttp();
  if (!ok) {
    console.log('\nThe HTTP bench missed its target or a check (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('inquiries')) {
  const { ok } = await benchInquiriesAtScale({ rows, reseed: values.reseed, dialects, iterations });
  if (!ok) {
    console.log('\nThe inquiry inbox missed a budget or a search count (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('inquiries-write')) {
  const { ok } = await benchInquiryWrites();
  if (!ok) {
    console.log('\nThe inquiry writes missed their budget or a check (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('notifications')) {
  const { ok } = await benchNotifications();
  if (!ok) {
    console.log('\nThe inquiry writes with notifications missed their target or a check (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('blog')) {
  const { ok } = await benchBlogAtScale({
    rows: blogRows,
    reseed: values.reseed,
    dialects,
    iterations: blogIterations,
  });
  if (!ok) {
    console.log('\nThe blog pages missed a budget or a check (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('backups')) {
  const { ok } = await benchBackups({ rows, reseed: values.reseed, dialects });
  if (!ok) {
    console.log('\nA restored backup did not hold every inquiry (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('game')) {
  const { ok } = benchGame();
  if (!ok) {
    console.log('\nThe tic-tac-toe robot missed its budget (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('uploads')) {
  const { ok } = await benchUploads();
  if (!ok) {
    console.log('\nThe uploads missed the memory budget or /contact stopped answering (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('phone')) {
  const { ok } = await benchPhone();
  if (!ok) {
    console.log('\nA page of islands missed its targets on the low-end phone (FAIL lines above).');
    process.exitCode = 1;
  }
}
if (parts.has('memory')) {
  const { ok } = await benchMemory();
  if (!ok) {
    console.log('\nThe server missed a memory or throughput target (FAIL lines above).');
    process.exitCode = 1;
  }
}
