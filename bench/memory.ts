import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inquiryBodies, inquiryPostBody } from './inquiries-write.ts';
import {
  BENCH_DIR,
  ensureBuild,
  ensureBuildOfCommit,
  freePort,
  INQUIRY_LIMITS_LIFTED,
  residentMemory,
  START_NODE_FLAGS,
  signIn,
  startProcess,
  startServer,
  stopProcess,
  waitForUrl,
} from './lib.ts';
import { noisyPhoto } from './uploads.ts';
import { ensureWrk, runWrk, type WrkResult } from './wrk.ts';

/**
 * The production server's resident memory (issue 39, decision 064): at idle, after minutes of mixed public
 * reads, and after an administrator's session of uploads and exports, split into the V8 heap, native memory
 * and file-backed pages, against bare Node.js and against the build before decision 064, all in one run. The
 * two builds take the reads in alternating rounds, so that their throughput is a ratio of the same moments.
 */

/** The commit before decision 064: the baseline's source. */
export const PRE_MEMORY_COMMIT = 'f7561a99eacad42142840c132c1cf42aeecfef05';
/** The issue's targets for the build of today, on SQLite; throughput at least this share of the baseline's. */
export const MEMORY_TARGETS = { idleMb: 120, mixedMb: 200, throughputRatio: 0.95 } as const;
/** Minutes of mixed public reads each build takes, in rounds of ROUND_SECONDS, alternating. */
export const MIXED_MINUTES = 3;
const ROUND_SECONDS = 30;
const CONNECTIONS = 20;
/**
 * How long a server is left alone after it answers before its idle memory is read: longer than
 * IDLE_MEMORY_RELEASE_MS's default (30 s), after which an idle server gives memory back (decision 070).
 */
const SETTLE_MS = 40_000;
/** Ten public paths of a demo site, read in turn with brotli, as browsers ask for them. */
const MIXED_PATHS = [
  '/',
  '/contact',
  '/contact/message',
  '/terms',
  '/privacy',
  '/blog',
  '/blog/how-to-reach-us-on-whatsapp',
  '/hi',
  '/hi/contact',
  '/api/contacts/active',
];
const MIXED_SCRIPT = `
local paths = {${MIXED_PATHS.map((entry) => `"${entry}"`).join(', ')}}
local sequence = 0
request = function()
  sequence = sequence + 1
  return wrk.format("GET", paths[(sequence % #paths) + 1], {["Accept-Encoding"] = "br, gzip"})
end
`;
const ADMIN = { email: 'bench@sampark.local', password: 'bench-memory-password-123' };
/** The administrator's session: phone photos uploaded, inquiries posted and exported as CSV. */
const SESSION = { uploads: 6, photoWidth: 4_000, photoHeight: 3_000, inquiries: 1_000, exports: 3 };

/**
 * Written into the server as a module of its own (`--import`): on SIGUSR2 it writes the V8 heap's figures to
 * MEMORY_PROBE_FILE, so the bench can split resident memory into heap and native. Nothing runs until asked.
 */
const PROBE_MODULE = `data:text/javascript,${encodeURIComponent(`
import fs from 'node:fs';
process.on('SIGUSR2', () => {
  const { heapTotal, heapUsed, external } = process.memoryUsage();
  fs.writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify({ heapTotal, heapUsed, external }));
});
`)}`;

interface MemoryReading {
  rssMb: number;
  /** The most the process has held since it started (VmHWM). */
  peakMb: number;
  /** The V8 heap the process holds (committed), whatever of it is in use. */
  heapMb: number;
  heapUsedMb: number;
  /** Anonymous memory outside the V8 heap: buffers, SQLite, compression, threads. */
  nativeMb: number;
  /** Pages of the node binary, shared libraries and files mapped. */
  fileMb: number;
}

interface Measured {
  label: string;
  child: ChildProcess;
  origin: string;
  probeFile: string;
}

const MB = 1024 * 1024;

async function readMemory({ child, probeFile }: Measured): Promise<MemoryReading> {
  const pid = child.pid!;
  fs.rmSync(probeFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 5_000;
  while (!fs.existsSync(probeFile) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const heap = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as { heapTotal: number; heapUsed: number };
  const resident = residentMemory(pid);
  return {
    rssMb: resident.rssMb,
    peakMb: resident.peakMb,
    heapMb: heap.heapTotal / MB,
    heapUsedMb: heap.heapUsed / MB,
    nativeMb: resident.anonMb - heap.heapTotal / MB,
    fileMb: resident.fileMb + resident.shmemMb,
  };
}

async function startMeasured(label: string, dir: string, build?: string): Promise<Measured> {
  const probeFile = path.resolve(dir, `${label}-probe.json`);
  const database = path.join(dir, `${label}.db`);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  // The baseline as it was started then (plain node), today's build as npm start starts it.
  const node =
    build === undefined
      ? [...START_NODE_FLAGS, 'dist/server/main.js']
      : [path.join(build, 'dist/server/main.js')];
  const { child, origin } = await startServer(
    {
      DATABASE_URL: `file:${database}`,
      DEMO_MODE: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      MEMORY_PROBE_FILE: probeFile,
      ...INQUIRY_LIMITS_LIFTED,
      ...(build === undefined ? {} : { WEB_DIST_DIR: path.resolve(build, 'dist/web') }),
    },
    { args: ['--import', PROBE_MODULE, ...node] },
  );
  return { label, child, origin, probeFile };
}

/** Node's own HTTP server answering every request with nothing: what any Node.js process holds. */
async function startBareNode(dir: string): Promise<Measured> {
  const port = await freePort();
  const probeFile = path.resolve(dir, 'bare-probe.json');
  const child = startProcess(
    process.execPath,
    [
      '--import',
      PROBE_MODULE,
      '-e',
      `require('node:http').createServer((request, response) => response.end()).listen(${port}, '127.0.0.1')`,
    ],
    { MEMORY_PROBE_FILE: probeFile },
  );
  return { label: 'bare', child, origin: `http://127.0.0.1:${port}`, probeFile };
}

/** What an administrator does in a session: sign in, upload photos, post and export inquiries. */
async function adminSession(origin: string, photoBytes: Buffer): Promise<void> {
  const cookie = await signIn(origin, ADMIN);
  const headers = { cookie, origin };
  await (await fetch(`${origin}/admin`, { headers })).arrayBuffer();
  for (let index = 0; index < SESSION.uploads; index++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photoBytes)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
    const response = await fetch(`${origin}/api/uploads`, { method: 'POST', headers, body: form });
    const uploaded = (await response.json()) as { data?: { url: string } };
    if (response.status !== 201 || !uploaded.data) throw new Error(`An upload answered ${response.status}`);
    await (await fetch(`${origin}${uploaded.data.url}`)).arrayBuffer();
  }
  const pool = inquiryBodies(100);
  for (let sequence = 0; sequence < SESSION.inquiries; sequence++) {
    const response = await fetch(`${origin}/api/contact-inquiries`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.1.${sequence >> 8}.${sequence & 255}`,
      },
      body: inquiryPostBody(pool, sequence),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`An inquiry answered ${response.status}`);
  }
  for (let index = 0; index < SESSION.exports; index++) {
    const response = await fetch(`${origin}/api/contact-inquiries/export.csv`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`The CSV export answered ${response.status}`);
  }
  for (const page of ['/api/admin/dashboard', '/api/contact-inquiries', '/api/blogs']) {
    await (await fetch(`${origin}${page}`, { headers })).arrayBuffer();
  }
}

const figure = (value: number) => value.toFixed(0).padStart(6);

function memoryRow(
  label: string,
  moment: string,
  reading: MemoryReading,
  target?: { mb: number; of: 'rssMb' | 'peakMb' },
): string {
  const verdict =
    target === undefined
      ? ''
      : `  ${reading[target.of] <= target.mb ? 'ok' : 'FAIL'} (${target.of === 'rssMb' ? 'rss' : 'peak'} ≤ ${target.mb})`;
  return `  ${label.padEnd(8)} ${moment.padEnd(14)} ${[reading.rssMb, reading.peakMb, reading.heapMb, reading.heapUsedMb, reading.nativeMb, reading.fileMb].map(figure).join(' ')}${verdict}`;
}

/** The mixed reads, in alternating rounds over the builds; each build's results, round by round. */
async function mixedReads(servers: Measured[], dir: string): Promise<Map<string, WrkResult[]>> {
  const results = new Map(servers.map((server) => [server.label, [] as WrkResult[]]));
  const rounds = (MIXED_MINUTES * 60) / ROUND_SECONDS;
  for (let round = 0; round < rounds; round++) {
    // Each round starts with a different build, so neither always meets the machine's same moment.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const result = await runWrk(server.origin, {
        durationSeconds: ROUND_SECONDS,
        connections: CONNECTIONS,
        script: MIXED_SCRIPT,
        serverPid: server.child.pid!,
        workDir: dir,
      });
      results.get(server.label)!.push(result);
    }
  }
  return results;
}

/** Errors (other statuses, timeouts) above this share of the reads fail the bench: a busy machine times out a few. */
const ERRORS_AT_MOST = 0.001;

function throughputOf(results: WrkResult[]): {
  requestsPerSecond: number;
  cpuMsPerThousand: number;
  errors: number;
  requests: number;
} {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  const cpuSeconds = results.reduce((sum, result) => sum + (result.serverCores ?? 0) * result.seconds, 0);
  return {
    requestsPerSecond: requests / seconds,
    cpuMsPerThousand: (cpuSeconds * 1e6) / requests,
    errors,
    requests,
  };
}

export async function benchMemory(): Promise<{ ok: boolean }> {
  ensureBuild();
  ensureWrk();
  const baseline = ensureBuildOfCommit(PRE_MEMORY_COMMIT, 'pre-memory', 'the server before decision 064');
  const dir = path.join(BENCH_DIR, 'memory');
  fs.mkdirSync(dir, { recursive: true });
  const photoBytes = await noisyPhoto(SESSION.photoWidth, SESSION.photoHeight);
  const servers = [await startMeasured('now', dir), await startMeasured('before', dir, baseline)];
  const bare = await startBareNode(dir);
  const all = [...servers, bare];
  try {
    await Promise.all(servers.map(({ origin }) => waitForUrl(`${origin}/api/ready`)));
    await waitForUrl(bare.origin);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = new Map<string, MemoryReading>();
    for (const server of all) idle.set(server.label, await readMemory(server));

    const reads = await mixedReads([...servers, bare], dir);
    const mixed = new Map<string, MemoryReading>();
    for (const server of all) mixed.set(server.label, await readMemory(server));

    const session = new Map<string, MemoryReading>();
    for (const server of servers) {
      await adminSession(server.origin, photoBytes);
      session.set(server.label, await readMemory(server));
    }

    console.log(
      `\nMemory (MiB): production build on SQLite with demo content; mixed reads: ${MIXED_PATHS.length} public paths, brotli, ` +
        `${CONNECTIONS} connections, ${MIXED_MINUTES} min per build in rounds of ${ROUND_SECONDS} s; session: ` +
        `${SESSION.uploads} uploads of ${SESSION.photoWidth} × ${SESSION.photoHeight}, ${SESSION.inquiries} inquiries, ${SESSION.exports} CSV exports`,
    );
    console.log(`  ${'build'.padEnd(8)} ${'moment'.padEnd(14)}    rss   peak   heap   used native   file`);
    const failures: string[] = [];
    for (const server of all) {
      const { label } = server;
      const isNow = server.label === 'now';
      const idleReading = idle.get(server.label)!;
      const mixedReading = mixed.get(server.label)!;
      console.log(
        memoryRow(label, 'idle', idleReading, isNow ? { mb: MEMORY_TARGETS.idleMb, of: 'rssMb' } : undefined),
      );
      // Under the reads, the most it held meanwhile counts: the moment the reads end may follow a collection.
      console.log(
        memoryRow(
          label,
          'mixed reads',
          mixedReading,
          isNow ? { mb: MEMORY_TARGETS.mixedMb, of: 'peakMb' } : undefined,
        ),
      );
      const sessionReading = session.get(server.label);
      if (sessionReading) console.log(memoryRow(label, 'admin session', sessionReading));
      if (isNow && idleReading.rssMb > MEMORY_TARGETS.idleMb) failures.push('idle memory over its target');
      if (isNow && mixedReading.peakMb > MEMORY_TARGETS.mixedMb)
        failures.push('memory under reads over its target');
    }
    const now = throughputOf(reads.get('now')!);
    const before = throughputOf(reads.get('before')!);
    const ratio = now.requestsPerSecond / before.requestsPerSecond;
    console.log('  Mixed reads:');
    for (const [label, result] of [
      ['now', now],
      ['before', before],
      ['bare', throughputOf(reads.get('bare')!)],
    ] as const) {
      console.log(
        `  ${label.padEnd(8)} ${Math.round(result.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s   server CPU ${result.cpuMsPerThousand.toFixed(0).padStart(4)} ms per 1,000 requests   errors ${result.errors}`,
      );
      if (result.errors > result.requests * ERRORS_AT_MOST)
        failures.push(`${label}: ${result.errors} errors`);
    }
    const verdict = ratio >= MEMORY_TARGETS.throughputRatio ? 'ok' : 'FAIL';
    console.log(
      `  throughput now / before: ${ratio.toFixed(3)} (target ≥ ${MEMORY_TARGETS.throughputRatio}) ${verdict}`,
    );
    if (ratio < MEMORY_TARGETS.throughputRatio) failures.push('throughput under its target');
    for (const failure of failures) console.log(`  FAIL ${failure}`);
    return { ok: failures.length === 0 };
  } finally {
    await Promise.all(all.map(({ child }) => stopProcess(child)));
  }
}
