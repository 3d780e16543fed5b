import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * Where the benches keep their databases: beside where ./data would be, not in os.tmpdir(), where a tmpfs
 * would make every fsync free.
 */
export const BENCH_DIR = '.tmp/bench';

/** A fast case runs past its `iterations` for this long (up to its maximum), for enough samples. */
export const FAST_CASE_MIN_DURATION_MS = 3_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForUrl(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** What the production build is made of, and what it makes: a source newer than an output means a rebuild. */
const BUILD_SOURCES = [
  'src',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];
const BUILD_OUTPUTS = [
  'dist/server/main.js',
  'dist/web/server/entry-server.js',
  'dist/web/client/index.html',
];

function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (file: string) => {
    if (!fs.existsSync(file)) return;
    const stats = fs.statSync(file);
    if (stats.isDirectory()) {
      for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
    } else if (stats.mtimeMs > newest.mtimeMs && !/\.test\.tsx?$/.test(file)) {
      newest = { file, mtimeMs: stats.mtimeMs };
    }
  };
  for (const source of BUILD_SOURCES) visit(source);
  return newest;
}

/** Builds the production bundles when they are missing or older than a source file (tests aside). */
export function ensureBuild(): void {
  const missing = BUILD_OUTPUTS.find((file) => !fs.existsSync(file));
  if (missing) {
    console.log(`No production build found (${missing}): running npm run build ...`);
    execSync('npm run build', { stdio: 'inherit' });
    return;
  }
  const built = Math.min(...BUILD_OUTPUTS.map((file) => fs.statSync(file).mtimeMs));
  const newest = newestSource();
  if (newest.mtimeMs > built) {
    console.log(`The production build is older than ${newest.file}: running npm run build ...`);
    execSync('npm run build', { stdio: 'inherit' });
  }
}

/**
 * The production build of `commit`, from its source (git archive), built once into BENCH_DIR/`name` and kept
 * for the next run: a baseline a bench measures in the same run as the build of today. Returns its folder.
 */
export function ensureBuildOfCommit(commit: string, name: string, what: string): string {
  const dir = path.join(BENCH_DIR, name);
  const built = path.join(dir, 'dist/server/main.js');
  const marker = path.join(dir, '.commit');
  if (fs.existsSync(built) && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === commit) return dir;
  console.log(`Building the baseline (${what}, ${commit.slice(0, 7)}) ...`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${dir}`, { stdio: 'inherit' });
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  execSync('npm run build:web && npm run build:server', { cwd: dir, stdio: 'inherit' });
  fs.writeFileSync(marker, commit);
  return dir;
}

/** A process's resident memory in MiB, as Linux counts it (/proc/<pid>/status): all, anonymous, file-backed, shared, peak. */
export function residentMemory(pid: number): {
  rssMb: number;
  anonMb: number;
  fileMb: number;
  shmemMb: number;
  peakMb: number;
} {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  return {
    rssMb: mb('VmRSS'),
    anonMb: mb('RssAnon'),
    fileMb: mb('RssFile'),
    shmemMb: mb('RssShmem'),
    peakMb: mb('VmHWM'),
  };
}

/** Signs in to the back office of the server at `origin`: the session cookie, as `name=value`. */
export async function signIn(origin: string, admin: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(admin),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.includes('session='));
  if (!cookie) throw new Error('Sign-in set no session cookie');
  return cookie.split(';')[0] as string;
}

/** Children still running: killed if the bench exits before stopping them (one listener for them all). */
const runningChildren = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of runningChildren) child.kill('SIGKILL');
});

/** Starts `command`; its standard output goes nowhere, or to the file `stdoutFile` (created or emptied). */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  stdoutFile?: string,
): ChildProcess {
  const stdout = stdoutFile === undefined ? 'ignore' : fs.openSync(stdoutFile, 'w');
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  if (typeof stdout === 'number') fs.closeSync(stdout);
  runningChildren.add(child);
  child.once('exit', () => runningChildren.delete(child));
  return child;
}

/** Settings that lift the server's limits on inquiries out of a load's way (addresses from a trusted proxy). */
export const INQUIRY_LIMITS_LIFTED = {
  TRUST_PROXY: 'true',
  INQUIRY_LIMIT_PER_HOUR: '100000',
  INQUIRY_LIMIT_PER_SENDER_PER_HOUR: '100000',
  INQUIRY_CHALLENGE_AFTER_PER_HOUR: '100000',
} as const;

/** An administrator for a server whose back office the bench does not use. */
export const UNUSED_ADMIN = {
  ADMIN_EMAIL: 'bench@sampark.local',
  ADMIN_PASSWORD: 'bench-password-not-used',
} as const;

/**
 * Node's flags for the server as `npm start` gives them (package.json's start script, `node <flags> <entry>`):
 * the benches run it as it is deployed.
 */
export const START_NODE_FLAGS: readonly string[] = (
  JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .slice(1, -1);

/**
 * A server (the built one, with START_NODE_FLAGS, unless `args` names another) started in production mode on a free port of
 * 127.0.0.1, with `env` added to its settings; its standard output goes to `stdoutFile` if given.
 */
export async function startServer(
  env: Record<string, string>,
  {
    args = [...START_NODE_FLAGS, 'dist/server/main.js'],
    stdoutFile,
  }: { args?: string[]; stdoutFile?: string } = {},
): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = startProcess(
    process.execPath,
    args,
    { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
    stdoutFile,
  );
  return { child, origin: `http://127.0.0.1:${port}` };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  // A process ended by a signal has no exit code, only the signal's name.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The `some` line's total of /proc/pressure/cpu: microseconds in which a runnable task waited for a core. */
export function parseCpuStallMicroseconds(pressure: string): number | undefined {
  const total = /^some .*\btotal=(\d+)/m.exec(pressure)?.[1];
  return total === undefined ? undefined : Number(total);
}

/**
 * Starts measuring how busy the machine is (Linux pressure stall information). The returned function gives
 * the share of the time since then in which some task waited for a core (0–1), or undefined where the
 * kernel does not report it. On a shared machine this says why absolute figures are low.
 */
export function measureCpuPressure(): () => number | undefined {
  const read = () => {
    try {
      return parseCpuStallMicroseconds(fs.readFileSync('/proc/pressure/cpu', 'utf8'));
    } catch {
      return undefined;
    }
  };
  const startStall = read();
  const startMs = performance.now();
  return () => {
    const stall = read();
    if (startStall === undefined || stall === undefined) return undefined;
    return (stall - startStall) / 1000 / (performance.now() - startMs);
  };
}

/** Nearest-rank percentile (p in 0–100) of values sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no values');
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Timing<T> {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  iterations: number;
  /** What the last timed call returned. */
  last: T;
}

/**
 * Runs `run` `warmup` times untimed, then one call after another, timing each: at least `iterations`
 * calls, and more (up to `maxIterations`) until `minDurationMs` have passed, so that a fast query's p95
 * rests on enough samples that a few stalls of a shared machine do not decide it.
 */
export async function timeCalls<T>(
  run: () => Promise<T>,
  options: { warmup: number; iterations: number; minDurationMs?: number; maxIterations?: number },
): Promise<Timing<T>> {
  const { warmup, iterations, minDurationMs = 0, maxIterations = iterations } = options;
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  const start = performance.now();
  let last: T | undefined;
  while (
    times.length < iterations ||
    (times.length < maxIterations && performance.now() - start < minDurationMs)
  ) {
    const callStart = performance.now();
    last = await run();
    times.push(performance.now() - callStart);
  }
  return timingOf(times, last as T);
}

/** The percentiles of `times` (ms, one a call), and what the last call returned. */
export function timingOf<T>(times: number[], last: T): Timing<T> {
  times.sort((a, b) => a - b);
  return {
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: times.at(-1)!,
    iterations: times.length,
    last,
  };
}

/** sfc32 (PractRand-clean, 128-bit state), seeded through splitmix32: the same seed, the same numbers. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/**
 * Runs a bench on each of `dialects` in turn and returns each one's result; PostgreSQL on the server
 * BENCH_POSTGRES_URL or TEST_POSTGRES_URL names, or skipped with the note `skipped` when neither is set.
 */
export async function benchEachDialect<R>(
  dialects: readonly ('sqlite' | 'postgres')[],
  run: { sqlite(): Promise<R>; postgres(serverUrl: string): Promise<R> },
  skipped = 'PostgreSQL skipped: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL.',
): Promise<Partial<Record<'sqlite' | 'postgres', R>>> {
  const results: Partial<Record<'sqlite' | 'postgres', R>> = {};
  for (const dialect of dialects) {
    if (dialect === 'sqlite') {
      results.sqlite = await run.sqlite();
      continue;
    }
    const serverUrl = process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
    if (serverUrl) results.postgres = await run.postgres(serverUrl);
    else console.log(`\n${skipped}`);
  }
  return results;
}

/** `use` with a client connected to the PostgreSQL database at `url`, ended afterwards whatever happens. */
export async function withPgClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Creates a bench database on the PostgreSQL server at `serverUrl` when missing; `recreate` drops it first. */
export async function createPostgresDatabase(
  database: string,
  serverUrl: string,
  recreate: boolean,
): Promise<void> {
  await withPgClient(serverUrl, async (client) => {
    const name = client.escapeIdentifier(database);
    if (recreate) await client.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${name}`);
  });
}
