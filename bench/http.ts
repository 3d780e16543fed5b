import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { seedDemoContactChannels } from '../src/server/demo/seed.ts';
import { createContactChannelRepository } from '../src/server/features/contact-channels/repository.ts';
import { inquiryBodies } from './inquiries-write.ts';
import {
  BENCH_DIR,
  ensureBuild,
  freePort,
  INQUIRY_LIMITS_LIFTED,
  measureCpuPressure,
  START_NODE_FLAGS,
  startProcess,
  startServer,
  stopProcess,
  UNUSED_ADMIN,
  waitForUrl,
} from './lib.ts';
import type { SampledResponse } from './sampled-response.ts';
import { ensureWrk, runWrk, type WrkResult } from './wrk.ts';

const ROUNDS = 5;
const ROUND_SECONDS = 5;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
/** The public channel list with request logs on (LOG_LEVEL=info) must keep this share of bare node:http. */
export const CHANNEL_LIST_RATIO_TARGET = 0.65;
/**
 * The channel list's CPU time per request (issue 39): Sampark with LOG_LEVEL=info may cost at most this much
 * more than its peer, plain Fastify writing the same request line with pino ...
 */
export const CPU_PEER_TARGET = 1.05;
/** ... and bare node:http's CPU time per request must be at least this share of Sampark's. */
export const CPU_BARE_RATIO_TARGET = 0.6;
const INQUIRY_PATH = '/api/contact-inquiries';
/** Distinct contact-form bodies the POST cycles through; each also carries the request's own number. */
const BODY_POOL = 1_000;
/** Client addresses (X-Forwarded-For through a trusted proxy), so the per-address limit holds as in production. */
const ADDRESS_POOL = 1_000;
const SEQUENCE_MARK = '__SEQUENCE__';

interface HttpCase {
  key: string;
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A Lua script for wrk when a plain GET will not do. */
  script?: string;
  /** The ratio this case must reach, if it has a target. */
  target?: number;
}

/**
 * The wrk script of the contact-form POST: every request a valid inquiry from a pool, made unique by its
 * number (from the run's offset, passed as the script's argument), from one of ADDRESS_POOL addresses.
 */
export function inquiryPostScript(pool: readonly object[]): string {
  const bodies = pool.map((base) => {
    const json = JSON.stringify({
      ...base,
      query: `${(base as { query: string }).query} (ref ${SEQUENCE_MARK})`,
    });
    if (json.includes(']==]')) throw new Error('A generated body would end its Lua string early');
    const [before, after] = json.split(SEQUENCE_MARK);
    return `{[==[${before}]==],[==[${after}]==]}`;
  });
  return `
local bodies = {${bodies.join(',\n')}}
local offset = 0
local sequence = 0
init = function(args) offset = tonumber(args[1]) or 0 end
request = function()
  sequence = sequence + 1
  local n = offset + sequence
  local body = bodies[(n % #bodies) + 1]
  local address = (n % ${ADDRESS_POOL}) + 1
  local headers = {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = "10.0." .. math.floor(address / 256) .. "." .. (address % 256),
  }
  return wrk.format("POST", nil, headers, body[1] .. n .. body[2])
end
`;
}

/** Node adds these itself for each connection and answer; every other header is copied to the baseline. */
const PER_ANSWER_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** One answer of the app as raw bytes (no decompression), for the baseline to send back identically. */
function sampleResponse(url: string, testCase: HttpCase, body?: string): Promise<SampledResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: testCase.method ?? 'GET',
        headers: {
          ...testCase.headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.254' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!PER_ANSWER_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            bodyBase64: Buffer.concat(chunks).toString('base64'),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
const pct = (cores: number | undefined) =>
  cores === undefined ? '  n/a' : `${(cores * 100).toFixed(0)}%`.padStart(5);

function row(label: string, result: WrkResult): string {
  return `  ${label.padEnd(26)} ${fmt(result.requestsPerSecond).padStart(9)} req/s   p99 ${result.p99Ms
    .toFixed(1)
    .padStart(
      6,
    )} ms   server CPU ${pct(result.serverCores)}   wrk CPU ${pct(result.clientCores)}   errors ${result.errors}`;
}

/** The sides of a round: Sampark with logs on and off, and the baselines sending the sampled bytes. */
interface Round {
  app: WrkResult;
  bare: WrkResult;
  silent?: WrkResult;
  /** Sampark's peer: plain Fastify writing the same request line with pino (bench/fastify-server.ts). */
  peer?: WrkResult;
  /** Plain Fastify without a log. */
  fastify?: WrkResult;
}

const CPU_SIDES = ['app', 'peer', 'fastify', 'bare', 'silent'] as const;
/** Server CPU µs per request of each side, the median of its rounds. */
export type CpuPerRequest = Record<(typeof CPU_SIDES)[number], number>;

export interface HttpCaseResult {
  key: string;
  label: string;
  ratio: number;
  roundRatios: number[];
  app: WrkResult;
  bare: WrkResult;
  silent?: WrkResult;
  silentRatio?: number;
  peer?: WrkResult;
  fastify?: WrkResult;
  /** Sampark's peer against bare node:http, in requests a second. */
  peerRatio?: number;
  cpuMicrosPerRequest?: CpuPerRequest;
  /** Each side's server CPU µs per request in each round. */
  cpuRoundMicros?: Record<keyof CpuPerRequest, number[]>;
}

/** The CPU targets' failures, if any: Sampark against its peer, and bare against Sampark. */
export function cpuTargetFailures(label: string, cpu: CpuPerRequest): string[] {
  const failures: string[] = [];
  if (cpu.app > CPU_PEER_TARGET * cpu.peer) {
    failures.push(
      `${label}: Sampark costs ${cpu.app.toFixed(1)} µs a request, over ${CPU_PEER_TARGET} × its Fastify + pino ` +
        `peer's ${cpu.peer.toFixed(1)} µs`,
    );
  }
  if (cpu.bare / cpu.app < CPU_BARE_RATIO_TARGET) {
    failures.push(
      `${label}: bare node:http's ${cpu.bare.toFixed(1)} µs a request is ${(cpu.bare / cpu.app).toFixed(2)} of ` +
        `Sampark's ${cpu.app.toFixed(1)} µs, below ${CPU_BARE_RATIO_TARGET.toFixed(2)}`,
    );
  }
  return failures;
}

/**
 * Sampark's production build (LOG_LEVEL=info, the request log written to a file) against bare node:http
 * servers sending the same bytes (status, headers, body), driven by wrk: the public channel list, the
 * cached contact page without and with brotli, and the contact form's POST. The channel list is also
 * measured with LOG_LEVEL=silent, which says what the request log costs, and against Sampark's peer (plain
 * Fastify writing the same request line with pino) and plain Fastify without a log; for it the bench also
 * compares the servers' CPU time per request, which the other work of a shared machine moves far less than
 * their rates (issue 39). Paired rounds: each round
 * measures every side back to back, and the ratio is taken per round, so a slow spell on the shared
 * machine lowers both sides of a ratio instead of one side of it. Each round has server processes of its
 * own: two processes of the same server can differ by 15% or more for their whole life (decision 045), and
 * one process per side would carry its luck into every round.
 */
export async function benchHttp(): Promise<{ results: HttpCaseResult[]; ok: boolean }> {
  ensureBuild();
  ensureWrk();
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(BENCH_DIR, 'http-'));
  const file = path.join(dir, 'bench.db');
  const database = await openDatabase({ dialect: 'sqlite', filename: file });
  await migrateToLatest(database);
  await seedDemoContactChannels(createContactChannelRepository(database.db));
  await database.close();

  const children: ChildProcess[] = [];
  const appLogFiles: string[] = [];
  const peerLogFiles: string[] = [];
  const startApp = async (logLevel: 'info' | 'silent') => {
    const logTo = logLevel === 'info' ? path.join(dir, `requests-${appLogFiles.length}.log`) : '/dev/null';
    if (logLevel === 'info') appLogFiles.push(logTo);
    const { child, origin } = await startServer(
      {
        DATABASE_URL: `file:${file}`,
        ADMIN_PASSWORD: UNUSED_ADMIN.ADMIN_PASSWORD,
        LOG_LEVEL: logLevel,
        ...INQUIRY_LIMITS_LIFTED,
      },
      { stdoutFile: logTo },
    );
    children.push(child);
    await waitForUrl(`${origin}/api/ready`);
    return { origin, pid: child.pid!, counted: logLevel === 'info' };
  };
  /**
   * A baseline sending the sample: bare node:http, plain Fastify, or the peer (Fastify writing the request
   * line to a file). With Node's flags of Sampark's start script, so every side has the same young generation.
   */
  const startBaseline = async (kind: 'bare' | 'fastify' | 'peer', sample: SampledResponse) => {
    const logTo = kind === 'peer' ? path.join(dir, `peer-requests-${peerLogFiles.length}.log`) : undefined;
    if (logTo) peerLogFiles.push(logTo);
    const port = await freePort();
    const sampleFile = path.join(dir, `sample-${port}.json`);
    fs.writeFileSync(sampleFile, JSON.stringify(sample));
    const child = startProcess(
      process.execPath,
      [...START_NODE_FLAGS, '--import', 'tsx', `bench/${kind === 'bare' ? 'bare' : 'fastify'}-server.ts`],
      { PORT: String(port), BARE_RESPONSE: sampleFile, ...(logTo ? { PEER_REQUEST_LOG: 'info' } : {}) },
      logTo,
    );
    children.push(child);
    const origin = `http://127.0.0.1:${port}`;
    await waitForUrl(`${origin}/`);
    return { origin, pid: child.pid!, logged: logTo !== undefined, child };
  };
  type Server = { origin: string; pid: number; counted?: boolean; logged?: boolean };

  const pool = inquiryBodies(BODY_POOL);
  const cases: HttpCase[] = [
    {
      key: 'channels',
      label: 'GET /api/contacts/active',
      path: '/api/contacts/active',
      target: CHANNEL_LIST_RATIO_TARGET,
    },
    { key: 'page', label: 'GET /contact', path: '/contact' },
    { key: 'pageBrotli', label: 'GET /contact, br', path: '/contact', headers: { 'accept-encoding': 'br' } },
    {
      key: 'inquiry',
      label: `POST ${INQUIRY_PATH}`,
      path: INQUIRY_PATH,
      method: 'POST',
      script: inquiryPostScript(pool),
    },
  ];

  try {
    const apps: Server[] = [];
    const silents: Server[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      apps.push(await startApp('info'));
      silents.push(await startApp('silent'));
    }
    let runs = 0;
    let appRequests = 0;
    let appRuns = 0;
    let peerRequests = 0;
    const run = async (server: Server, testCase: HttpCase, seconds: number) => {
      const result = await runWrk(`${server.origin}${testCase.path}`, {
        durationSeconds: seconds,
        connections: CONNECTIONS,
        ...(testCase.script ? { script: testCase.script, scriptArgs: [String(++runs * 10_000_000)] } : {}),
        ...(testCase.headers ? { headers: testCase.headers } : {}),
        serverPid: server.pid,
        workDir: dir,
      });
      if (server.counted) {
        appRequests += result.requests;
        appRuns++;
      }
      if (server.logged) peerRequests += result.requests;
      return result;
    };

    const cpuPressure = measureCpuPressure();
    const results: HttpCaseResult[] = [];
    for (const testCase of cases) {
      const body =
        testCase.method === 'POST'
          ? JSON.stringify({ ...pool[0], query: `${(pool[0] as { query: string }).query} (sample)` })
          : undefined;
      const sample = await sampleResponse(`${apps[0]!.origin}${testCase.path}`, testCase, body);
      // Its answer gets a log line like any other.
      appRequests++;
      const expected = testCase.method === 'POST' ? 201 : 200;
      if (sample.status !== expected)
        throw new Error(`${testCase.label} answered ${sample.status}, not ${expected}`);
      // The channel list is also measured with logs off, and against plain Fastify with and without the line.
      const withLogVariants = testCase.key === 'channels';
      const rounds: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // The baselines are this round's alone; Sampark's processes serve their round of every case.
        const bares = [
          await startBaseline('bare', sample),
          ...(withLogVariants
            ? [await startBaseline('peer', sample), await startBaseline('fastify', sample)]
            : []),
        ];
        const sides: [keyof Round, Server][] = [
          ['bare', bares[0]!],
          ['app', apps[round]!],
        ];
        if (withLogVariants)
          sides.push(['silent', silents[round]!], ['peer', bares[1]!], ['fastify', bares[2]!]);
        for (const [, server] of sides) await run(server, testCase, WARMUP_SECONDS);
        const measured: Partial<Round> = {};
        for (const [side, server] of sides) measured[side] = await run(server, testCase, ROUND_SECONDS);
        rounds.push(measured as Round);
        // Stopped (a logged one writing out its lines) so that idle processes do not pile up over the run.
        await Promise.all(bares.map((bare) => stopProcess(bare.child)));
      }
      /** Each round's ratio of one side's rate to another's. */
      const ratiosOf = (side: keyof Round, of: keyof Round) =>
        rounds.map((r) => r[side]!.requestsPerSecond / r[of]!.requestsPerSecond);
      const roundRatios = ratiosOf('app', 'bare');
      const ratio = median(roundRatios);
      const middle = rounds[roundRatios.indexOf(ratio)]!;
      const cpuRoundMicros = Object.fromEntries(
        CPU_SIDES.map((side) => [side, rounds.map((r) => r[side]?.serverMicrosPerRequest ?? Number.NaN)]),
      ) as Record<keyof CpuPerRequest, number[]>;
      const logVariants = withLogVariants
        ? {
            silent: middle.silent!,
            silentRatio: median(ratiosOf('silent', 'bare')),
            peer: middle.peer!,
            fastify: middle.fastify!,
            peerRatio: median(ratiosOf('peer', 'bare')),
            cpuMicrosPerRequest: Object.fromEntries(
              CPU_SIDES.map((side) => [side, median(cpuRoundMicros[side])]),
            ) as CpuPerRequest,
            cpuRoundMicros,
          }
        : {};
      results.push({
        key: testCase.key,
        label: testCase.label,
        ratio,
        roundRatios,
        app: middle.app,
        bare: middle.bare,
        ...logVariants,
      });
    }
    const stalled = cpuPressure();
    await Promise.all(children.map((child) => stopProcess(child)));

    // One line per answered request: every request wrk counted, plus the few a run's end cut off after the
    // server had answered them (at most one per connection and run).
    const countLines = (file: string) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"durationMs"')).length;
    const sumLines = (files: string[]) => files.reduce((sum, file) => sum + countLines(file), 0);
    const logLines = sumLines(appLogFiles);
    const failures: string[] = [];
    if (logLines < appRequests || logLines > appRequests + appRuns * CONNECTIONS) {
      failures.push(
        `the request log has ${fmt(logLines)} lines for ${fmt(appRequests)} answers counted by wrk`,
      );
    }
    // The peer is a fair reference only if it wrote a line for every answer too.
    const peerLogLines = sumLines(peerLogFiles);
    if (peerLogLines < peerRequests) {
      failures.push(
        `the Fastify + pino peer's request log has ${fmt(peerLogLines)} lines for ${fmt(peerRequests)} answers`,
      );
    }

    console.log(
      `\nHTTP against bare node:http sending the same bytes: wrk, 1 thread, ${CONNECTIONS} connections, ` +
        `${ROUNDS} paired rounds of ${ROUND_SECONDS} s per case, each with server processes of its own warmed up for ` +
        `${WARMUP_SECONDS} s (median round shown). ` +
        'Sampark is the production build on SQLite with LOG_LEVEL=info, its request log written to a file. ' +
        'The channel list is also measured with LOG_LEVEL=silent, and against plain Fastify 5 sending the same ' +
        'bytes, with a pino request line of the same fields (the peer) and without a log. ' +
        'CPU is the share of one core used over the run; µs/request is server CPU time per answer.',
    );
    if (stalled !== undefined) {
      console.log(
        `CPU pressure during the rounds: some task waited for a core ${(stalled * 100).toFixed(0)}% of the time (/proc/pressure/cpu)`,
      );
    }
    for (const result of results) {
      console.log(`\n${result.label}`);
      console.log(row('bare node:http, same bytes', result.bare));
      console.log(row('Sampark, LOG_LEVEL=info', result.app));
      if (result.silent) console.log(row('Sampark, LOG_LEVEL=silent', result.silent));
      if (result.peer) console.log(row('Fastify + pino line (peer)', result.peer));
      if (result.fastify) console.log(row('Fastify, no log', result.fastify));
      const target = cases.find((c) => c.key === result.key)?.target;
      const verdict =
        target === undefined
          ? ''
          : `; target >= ${target.toFixed(2)}: ${result.ratio >= target ? 'PASS' : 'FAIL'}`;
      console.log(
        `  ratio ${result.ratio.toFixed(2)} (rounds ${result.roundRatios.map((r) => r.toFixed(2)).join(', ')})${verdict}` +
          (result.silentRatio === undefined
            ? ''
            : `; with LOG_LEVEL=silent ${result.silentRatio.toFixed(2)}`),
      );
      const cpu = result.cpuMicrosPerRequest;
      if (cpu) {
        const us = (value: number) => `${value.toFixed(1)} µs`;
        console.log(
          `  server CPU per request (median of ${ROUNDS}): Sampark ${us(cpu.app)} (silent ${us(cpu.silent)}), ` +
            `Fastify + pino ${us(cpu.peer)}, Fastify ${us(cpu.fastify)}, bare ${us(cpu.bare)}; ` +
            `Sampark/peer ${(cpu.app / cpu.peer).toFixed(2)} (target <= ${CPU_PEER_TARGET}), ` +
            `bare/Sampark ${(cpu.bare / cpu.app).toFixed(2)} (target >= ${CPU_BARE_RATIO_TARGET.toFixed(2)})`,
        );
        const rounds = result.cpuRoundMicros!;
        const each = (ratio: (round: number) => number) =>
          rounds.app.map((_, round) => ratio(round).toFixed(2)).join(', ');
        console.log(
          `  rounds: Sampark/peer ${each((i) => rounds.app[i]! / rounds.peer[i]!)}; ` +
            `bare/Sampark ${each((i) => rounds.bare[i]! / rounds.app[i]!)}`,
        );
        failures.push(...cpuTargetFailures(result.label, cpu));
      }
      if (target !== undefined && result.ratio < target) {
        failures.push(
          `${result.label}: ratio ${result.ratio.toFixed(2)}, below the target of ${target.toFixed(2)}`,
        );
      }
      for (const side of [result.app, result.bare, result.peer, result.fastify]) {
        if (!side) continue;
        if (side.errors > 0)
          failures.push(`${result.label}: ${side.errors} errors or answers outside 2xx/3xx`);
      }
    }
    console.log(
      `\nRequest log: ${fmt(logLines)} lines for ${fmt(appRequests)} answers counted by wrk (one a request).`,
    );
    for (const failure of failures) console.log(`FAIL ${failure}`);
    const round3 = (value: number) => Number(value.toFixed(3));
    console.log(
      `\nBENCH_JSON ${JSON.stringify({
        bench: 'http',
        connections: CONNECTIONS,
        rounds: ROUNDS,
        roundSeconds: ROUND_SECONDS,
        cases: results.map((result) => ({
          key: result.key,
          ratio: round3(result.ratio),
          roundRatios: result.roundRatios.map(round3),
          appPerSecond: Math.round(result.app.requestsPerSecond),
          barePerSecond: Math.round(result.bare.requestsPerSecond),
          clientCores: round3(result.app.clientCores),
          bareClientCores: round3(result.bare.clientCores),
          ...(result.silentRatio === undefined ? {} : { silentRatio: round3(result.silentRatio) }),
          ...(result.peerRatio === undefined ? {} : { peerRatio: round3(result.peerRatio) }),
          ...(result.cpuMicrosPerRequest === undefined
            ? {}
            : {
                cpuMicrosPerRequest: Object.fromEntries(
                  Object.entries(result.cpuMicrosPerRequest).map(([side, us]) => [side, round3(us)]),
                ),
                cpuRoundMicros: Object.fromEntries(
                  Object.entries(result.cpuRoundMicros ?? {}).map(([side, us]) => [side, us.map(round3)]),
                ),
              }),
        })),
        logLines,
        appRequests,
        ...(stalled !== undefined ? { cpuStalledShare: round3(stalled) } : {}),
        failures,
      })}`,
    );
    return { results, ok: failures.length === 0 };
  } finally {
    await Promise.all(children.map((child) => stopProcess(child)));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
