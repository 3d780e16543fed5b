import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { Dialect } from '../../db/database.ts';
import { isApiDescriptionRoute } from '../../plugins/api-description.ts';
import { FIXED_PUBLIC_PATHS } from '../../web/seo-routes.ts';
import { asAdmin, createSignedInTestApp, createTestApp, signIn } from '../test-app.ts';
import {
  ECHO_MARKER,
  echoMarkerOf,
  type FuzzFixtures,
  type FuzzRequest,
  NO_FIXTURES,
  operationSeed,
  staleCookie,
  tagEchoMarkers,
} from './arbitraries.ts';
import { checkResponse, type FuzzResponse, type Violation, type ViolationKind } from './checks.ts';
import {
  type FuzzOperation,
  normalizeRoutePath,
  operationsFromOpenApi,
  type RouteEntry,
  routesFromPrintout,
} from './operations.ts';

/** How many requests each operation gets (FUZZ_RUNS), and the run's seed (FUZZ_SEED, else random). */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): { runs: number; seed: number } {
  const runs = Number(env.FUZZ_RUNS ?? 20);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`FUZZ_RUNS must be a positive integer: ${env.FUZZ_RUNS}`);
  const seed = env.FUZZ_SEED === undefined ? randomInt(2 ** 31) : Number(env.FUZZ_SEED);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer: ${env.FUZZ_SEED}`);
  return { runs, seed };
}

export interface ApiDescription {
  operations: FuzzOperation[];
  /** The app's routes under /api except the OpenAPI document and its reference, one per method, HEAD aside. */
  apiRoutes: RouteEntry[];
}

/** The OpenAPI document as the app serves it, and the routes the app really has, to compare. */
export async function describeApi(): Promise<ApiDescription> {
  const t = await createTestApp('sqlite');
  try {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`/api/openapi.json answered ${response.statusCode}`);
    const apiRoutes = routesFromPrintout(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) =>
        route.path.startsWith('/api/') && route.method !== 'HEAD' && !isApiDescriptionRoute(route.path),
    );
    return { operations: operationsFromOpenApi(response.json()), apiRoutes };
  } finally {
    await t.close();
  }
}

export const operationLabel = (operation: { method: string; path: string }) =>
  `${operation.method} ${operation.path}`;

export const routeKey = (route: { method: string; path: string }) =>
  `${route.method} ${normalizeRoutePath(route.path)}`;

/**
 * Public pages (outside the OpenAPI document) with a fuzzed slug or query string. Without a web build
 * only the feeds (and the contact card) answer; `/{slug}` stands for any page that does not exist.
 */
export function pagePaths(built: boolean): string[] {
  const feeds = ['/robots.txt', '/sitemap.xml', '/blog/rss.xml', '/contact.vcf', '/hi/contact.vcf'];
  if (!built) return feeds;
  return [
    ...FIXED_PUBLIC_PATHS,
    '/blog',
    '/blog/{slug}',
    '/SamparkGame',
    '/admin',
    '/admin/login',
    '/ContactAdmin',
    '/{slug}',
    '/assets/{slug}',
    ...feeds,
  ];
}

type AuthState = 'signed in' | 'anonymous' | 'stale cookie';

export interface Finding {
  operation: string;
  auth: AuthState | 'raw';
  family: string;
  kind: ViolationKind;
  /** What went wrong, as alike as possible for alike failures: the server's error for a 5xx. */
  cause: string;
  request: string;
  response: string;
}

export interface FuzzStats {
  requests: number;
  statuses: Map<number | string, number>;
  findings: Finding[];
}

const truncate = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

/** Control characters shown as escapes, so a failure message can be read and copied. */
const printable = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: showing control characters is the point.
  text.replace(/[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/g, (char) =>
    char === '\n' ? '\\n' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

function describeRequest(request: FuzzRequest, auth: string): string {
  const payload =
    request.payload === undefined ? '' : `\n  body: ${printable(truncate(String(request.payload), 300))}`;
  return `${request.method} ${printable(truncate(request.url, 300))} (${auth}; ${JSON.stringify(request.headers)})${payload}`;
}

function describeResponse(response: FuzzResponse): string {
  return `${response.statusCode} ${printable(truncate(response.body, 400))}`;
}

/** The server's own account of a 5xx, from its error log: the error's type and first line. */
function causeFromLog(lines: string[]): string | null {
  for (const line of lines) {
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } };
      const message = entry.err?.message?.split('\n')[0] ?? '';
      return (
        `${entry.err?.type ?? 'Error'}: ${message}`.slice(0, 160) || (entry.msg ?? 'an error was logged')
      );
    } catch {
      return line.slice(0, 160);
    }
  }
  return null;
}

function causeOf(violation: Violation, response: FuzzResponse, logged: string | null): string {
  let code = '';
  try {
    const parsed = JSON.parse(response.body) as { code?: unknown };
    if (typeof parsed.code === 'string') code = ` ${parsed.code}`;
  } catch {}
  if (violation.kind === 'server error' || violation.kind === 'logged error') {
    return `${violation.kind} ${response.statusCode}: ${logged ?? 'nothing logged'}`;
  }
  return `${violation.kind} ${response.statusCode}${code}: ${violation.detail}`;
}

export interface FuzzHarness {
  dialect: Dialect;
  stats: FuzzStats;
  /** Sends `runs` requests from `requests`, each signed in and not; returns what broke the rules. */
  fuzz(
    label: string,
    requests: (fixtures: FuzzFixtures) => fc.Arbitrary<FuzzRequest>,
    options: {
      runs: number;
      seed: number;
      fixtures?: boolean;
      /** Requests sent (signed in) before the generated ones, every run. */
      catalogue?: (fixtures: FuzzFixtures) => FuzzRequest[];
    },
  ): Promise<Finding[]>;
  /** Raw bytes to a listening server: what `inject` cannot send (bad request lines, huge headers). */
  fuzzRaw(requests: fc.Arbitrary<Buffer>, options: { runs: number; seed: number }): Promise<Finding[]>;
  close(): Promise<void>;
}

/** One app on one database with the test admin signed in, and the counts of what it answered. */
export async function createFuzzHarness(
  dialect: Dialect,
  { webDistDir, env = {} }: { webDistDir?: string; env?: Record<string, string> } = {},
): Promise<FuzzHarness> {
  let logLines: string[] = [];
  const { t, cookie: firstCookie } = await createSignedInTestApp(
    dialect,
    { ...env, ...(webDistDir ? { WEB_DIST_DIR: webDistDir } : {}) },
    { logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } } },
  );
  let cookie = firstCookie;
  // Fixtures and catalogue requests come from addresses of this harness alone: per-address limits kept in
  // Redis outlive a run, and must not refuse the next run's fixed requests.
  const addressPrefix = `fd00:${randomBytes(6)
    .toString('hex')
    .replace(/(.{4})(?!$)/g, '$1:')}:`;
  const stats: FuzzStats = { requests: 0, statuses: new Map(), findings: [] };
  let fixtureCount = 0;
  let requestCount = 0;

  const count = (status: number | string) => {
    stats.requests++;
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
  };

  async function createFixtures(): Promise<FuzzFixtures> {
    const n = ++fixtureCount;
    const post = async (url: string, payload: Record<string, unknown>) =>
      t.app.inject(
        asAdmin(cookie, {
          method: 'POST',
          url,
          payload,
          remoteAddress: `${addressPrefix}:ffff:${n.toString(16)}`,
        }),
      );
    const create = async <T>(url: string, payload: Record<string, unknown>): Promise<T> => {
      const response = await post(url, payload);
      if (response.statusCode !== 201)
        throw new Error(`fixture ${url}: ${response.statusCode} ${response.body}`);
      return response.json() as T;
    };
    const slug = `fuzz-fixture-${n}`;
    const channel = await create<{ contact: { _id: string } }>('/api/contacts', {
      type: 'phone',
      value: '+91 98765 43210',
    });
    // A sender of its own: the per-email and per-phone limits (kept in Redis, beyond a run) count senders.
    const sender = randomBytes(4).readUInt32BE() % 100_000_000;
    const inquiry = await create<{ data: { _id: string } }>('/api/contact-inquiries', {
      name: 'Fixture',
      phone: `98${String(sender).padStart(8, '0')}`,
      email: `fixture-${sender}@example.com`,
      city: 'Pune',
      query: 'A fixture for the fuzz suite',
      service: 'other',
    });
    const blogPost = await create<{ data: { _id: string } }>('/api/blogs', {
      title: 'Fixture',
      description: 'A fixture',
      content: 'Hello',
      slug,
      isPublished: true,
    });
    // A published post whose content nests thousands of levels deep: reading it must not fail either.
    // (Refusing such content when it is saved is as good: then there is no such post to read.)
    const nestedSlug = `fuzz-nested-${n}`;
    const nested = await post('/api/blogs', {
      title: 'Nested',
      description: 'Deeply nested Markdown',
      content: `${'> '.repeat(3_000)}x`,
      slug: nestedSlug,
      isPublished: true,
    });
    if (nested.statusCode !== 201 && nested.statusCode !== 400) {
      throw new Error(`fixture nested post: ${nested.statusCode} ${nested.body}`);
    }
    const member = await create<{ data: { member: { _id: string } } }>('/api/members', {
      mobile: `9${String(100_000_000 + n).slice(-9)}`,
    });
    const idsByPath = {
      '/api/contacts/': channel.contact._id,
      '/api/contact-inquiries/': inquiry.data._id,
      '/api/blogs/': blogPost.data._id,
      '/api/members/': member.data.member._id,
    };
    const slugs = nested.statusCode === 201 ? [slug, nestedSlug] : [slug];
    return { ids: Object.values(idsByPath), slugs, idsByPath };
  }

  async function send(
    request: FuzzRequest,
    auth: AuthState,
    remoteAddress: string,
    staleCookie?: string,
  ): Promise<(FuzzResponse & { marker: string }) | null> {
    const tag = ++requestCount;
    const tagged = (text: string) => tagEchoMarkers(text, tag);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, tagged(value)]),
    );
    if (staleCookie !== undefined) headers.cookie = tagged(staleCookie);
    const payload = typeof request.payload === 'string' ? tagged(request.payload) : request.payload;
    const options = {
      method: request.method as 'GET',
      url: tagged(request.url),
      headers,
      remoteAddress,
      ...(payload === undefined ? {} : { payload }),
    };
    logLines = [];
    let response: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      response = await t.app.inject(
        auth === 'anonymous' ? options : asAdmin(auth === 'signed in' ? cookie : undefined, options),
      );
    } catch (error) {
      // inject itself refuses some requests (a header with a control character): no server would see them.
      if ((error as { code?: string }).code?.startsWith('ERR_')) return null;
      throw error;
    }
    if (auth === 'signed in') {
      // Sign-out (or an answer that clears the cookie) ends the fuzzer's session: take a new one.
      const session = response.cookies.find((c) => c.name.endsWith('sampark_session'));
      if (session) cookie = session.value ? `${session.name}=${session.value}` : await signIn(t.app);
    }
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      body: bodyText(response),
      marker: echoMarkerOf(tag),
    };
  }

  function record(
    label: string,
    auth: Finding['auth'],
    family: string,
    requestText: string,
    request: { method: string; url: string },
    response: FuzzResponse & { marker: string },
  ): Finding[] {
    count(response.statusCode);
    const logged = causeFromLog(logLines);
    const violations = checkResponse(request, response, {
      serverErrors: logged ? [logged] : [],
      marker: response.marker,
    });
    const findings = violations.map((violation) => ({
      operation: label,
      auth,
      family,
      kind: violation.kind,
      cause: causeOf(violation, response, logged),
      request: requestText,
      response: describeResponse(response),
    }));
    stats.findings.push(...findings);
    return findings;
  }

  return {
    dialect,
    stats,
    async fuzz(label, requests, { runs, seed, fixtures: withFixtures = false, catalogue }) {
      const fixtures = withFixtures ? await createFixtures() : NO_FIXTURES;
      const findings: Finding[] = [];
      for (const [index, request] of (catalogue?.(fixtures) ?? []).entries()) {
        const response = await send(request, 'signed in', `${addressPrefix}:${index.toString(16)}`);
        if (!response) {
          count('refused by inject');
          continue;
        }
        findings.push(
          ...record(
            label,
            'signed in',
            request.family,
            describeRequest(request, 'signed in'),
            request,
            response,
          ),
        );
      }
      const property = fc.asyncProperty(
        requests(fixtures),
        fc.option(staleCookie, { nil: undefined, freq: 2 }),
        fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)),
        async (request, cookieOfNoSession, [a, b, c]) => {
          // A fresh client address for each request, so the per-address limits do not hide the rest.
          const address = `10.${a}.${b}.${c}`;
          const anonymous: AuthState = cookieOfNoSession === undefined ? 'anonymous' : 'stale cookie';
          for (const auth of ['signed in', anonymous] as const) {
            const response = await send(
              request,
              auth,
              address,
              auth === 'signed in' ? undefined : cookieOfNoSession,
            );
            if (!response) {
              count('refused by inject');
              continue;
            }
            findings.push(
              ...record(label, auth, request.family, describeRequest(request, auth), request, response),
            );
          }
        },
      );
      await fc.assert(property, { numRuns: runs, seed: operationSeed(seed, label), endOnFailure: true });
      return findings;
    },
    async fuzzRaw(requests, { runs, seed }) {
      // Closed with the app.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const findings: Finding[] = [];
      const property = fc.asyncProperty(requests, async (request) => {
        logLines = [];
        const tag = ++requestCount;
        const bytes = Buffer.from(tagEchoMarkers(request.toString('latin1'), tag), 'latin1');
        const response = await sendRaw(port, bytes);
        if (response === null) {
          count('closed without an answer');
          return;
        }
        const requestText = printable(truncate(bytes.toString('latin1'), 300));
        findings.push(
          ...record(
            'raw HTTP',
            'raw',
            'raw',
            requestText,
            { method: 'RAW', url: 'raw' },
            {
              ...response,
              marker: echoMarkerOf(tag),
            },
          ),
        );
      });
      await fc.assert(property, { numRuns: runs, seed: operationSeed(seed, 'raw HTTP'), endOnFailure: true });
      return findings;
    },
    close: () => t.close(),
  };
}

/** The body as text, decompressed when the answer was compressed (an Accept-Encoding asked for it). */
function bodyText(response: LightMyRequestResponse): string {
  // A HEAD answer names its encoding but carries no body to decompress.
  if (response.rawPayload.length === 0) return '';
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** Writes the bytes, half-closes, and reads the answer until the server closes (or 3 s pass). */
function sendRaw(port: number, bytes: Buffer): Promise<FuzzResponse | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.setTimeout(3_000, () => socket.destroy());
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      reject(error);
    });
    socket.on('close', () => resolve(parseRawResponse(Buffer.concat(chunks))));
    socket.end(bytes);
  });
}

/** The first final answer in the bytes (after any `100 Continue`); its body cut at its Content-Length. */
function parseRawResponse(bytes: Buffer): FuzzResponse | null {
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', offset);
    const head = bytes.subarray(offset, end === -1 ? bytes.length : end).toString('latin1');
    const [statusLine = '', ...headerLines] = head.split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = end === -1 ? bytes.length : end + 4;
    if (status >= 100 && status < 200) {
      offset = bodyStart;
      continue;
    }
    const length = Number(headers['content-length']);
    const body = bytes.subarray(bodyStart, Number.isInteger(length) ? bodyStart + length : bytes.length);
    return { statusCode: status, headers, body: body.toString('utf8') };
  }
  return null;
}

const HOST = 'Host: localhost\r\n';
const line = (text: string) => Buffer.from(text, 'latin1');

// What only a raw socket can send: broken request lines, header limits, smuggling attempts, raw bytes.
const RAW_REQUESTS: Buffer[] = [
  'GARBAGE\r\n\r\n',
  '\r\n\r\n',
  'GET\r\n\r\n',
  `GET / HTTP/9.9\r\n${HOST}\r\n`,
  'GET /api/health HTTP/1.1\r\n\r\n',
  `GET /api/contacts/${ECHO_MARKER}%E0%A4%A HTTP/1.1\r\n${HOST}\r\n`,
  `GET /api/contact-inquiries?q=${ECHO_MARKER}%00 HTTP/1.1\r\n${HOST}\r\n`,
  `GET /api/${ECHO_MARKER}\u0000 HTTP/1.1\r\n${HOST}\r\n`,
  `GET /api/${ECHO_MARKER}${'a'.repeat(20_000)} HTTP/1.1\r\n${HOST}\r\n`,
  `GET /api/contacts/${ECHO_MARKER}${'a'.repeat(9_000)} HTTP/1.1\r\n${HOST}\r\n`,
  `GET /api/health HTTP/1.1\r\n${HOST}X-Fuzz: ${ECHO_MARKER}${'a'.repeat(20_000)}\r\n\r\n`,
  `GET /api/health HTTP/1.1\r\n${HOST}${Array.from({ length: 3_000 }, (_, i) => `X-${i}: 1\r\n`).join('')}\r\n`,
  `GET /api/health HTTP/1.1\r\n${HOST}X-Bad\u0001: ${ECHO_MARKER}\r\n\r\n`,
  `FOO${ECHO_MARKER} / HTTP/1.1\r\n${HOST}\r\n`,
  `PROPFIND /api/health HTTP/1.1\r\n${HOST}\r\n`,
  `GET http://evil.example/api/health HTTP/1.1\r\n${HOST}\r\n`,
  `OPTIONS * HTTP/1.1\r\n${HOST}\r\n`,
  `POST /api/contacts HTTP/1.1\r\n${HOST}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
  `POST /api/contact-inquiries HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n`,
  `POST /api/contact-inquiries HTTP/1.1\r\n${HOST}Content-Length: -1\r\nContent-Type: application/json\r\n\r\n{}`,
  `POST /api/contact-inquiries HTTP/1.1\r\n${HOST}Content-Length: 99999999999999999999\r\nContent-Type: application/json\r\n\r\n{}`,
  `POST /api/contact-inquiries HTTP/1.1\r\n${HOST}Content-Length: 10\r\nContent-Type: application/json\r\n\r\n{}`,
  `POST /api/contact-inquiries HTTP/1.1\r\n${HOST}Content-Type: application/json\r\n\r\n{}`,
  `POST /api/contact-inquiries HTTP/1.1\r\n${HOST}Content-Length: 2\r\n\r\n{}`,
  `GET /\u00ff\u00fe${ECHO_MARKER} HTTP/1.1\r\n${HOST}\r\n`,
  `GET /api/admin/me HTTP/1.1\r\n${HOST}Cookie: sampark_session=\u007f\r\n\r\n`,
  `GET /api/admin/me HTTP/1.1\r\n${HOST}Cookie: sampark_session=%00; sampark_session=x\r\n\r\n`,
  `GET /api/health HTTP/1.1\r\n${HOST}Host: other.example\r\n\r\n`,
  `GET /api/health HTTP/1.1\r\nHost: ${ECHO_MARKER}\r\n\r\n`,
  `GET /api/health HTTP/1.1\r\nHost: [::1\r\n\r\n`,
  `GET //api//health HTTP/1.1\r\n${HOST}\r\n`,
  `GET /api/health?%zz HTTP/1.1\r\n${HOST}\r\n`,
  'GET /api/health HTTP/1.0\r\n\r\n',
  `GET /api/health HTTP/1.1\r\n${HOST}Expect: 100-continue\r\n\r\n`,
  'GET /api/health HTTP/1.1\nHost: localhost\n\n',
  'GET /api/health HTTP/1.1\r\n Host: localhost\r\n\r\n',
  'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
  '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003',
].map(line);

const RAW_PIECES = {
  method: ['GET', 'POST', 'DELETE', 'G\u0000T', 'get', '', 'GET GET', ECHO_MARKER],
  target: [
    '/',
    '/api/health',
    '/api/contacts/%00',
    `/api/contacts/${ECHO_MARKER}%`,
    '/api/contact-inquiries?page=%E0%A4%A',
    '/blog/%ED%A0%80',
    '',
    '*',
    ' /',
    '/\u0000',
    `/${ECHO_MARKER}\r\nX-Injected: 1`,
    '/\u00e9',
  ],
  version: ['HTTP/1.1', 'HTTP/1.0', 'HTTP/2', 'HTTP/1.1 extra', '', 'HTTP/1.x', 'http/1.1'],
  header: [
    HOST,
    'Host: localhost\r\nConnection: close\r\n',
    'Content-Length: 1\r\n',
    'X-A: \u0000\r\n',
    ':\r\n',
    'X\r\n',
  ],
};

/** Raw requests: the fixed list, and request lines put together from odd pieces. */
export const rawRequest: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(...RAW_REQUESTS),
  fc
    .record({
      method: fc.constantFrom(...RAW_PIECES.method),
      target: fc.constantFrom(...RAW_PIECES.target),
      version: fc.constantFrom(...RAW_PIECES.version),
      headers: fc.array(fc.constantFrom(...RAW_PIECES.header), { maxLength: 3 }),
      tail: fc.constantFrom('\r\n', '', '\r\n{}', '\n'),
    })
    .map(({ method, target, version, headers, tail }) =>
      line(`${method} ${target} ${version}\r\n${headers.join('')}${tail}`),
    ),
);

/** One line for the closing note: how many requests and how many of each status. */
export function statusSummary(stats: FuzzStats): string {
  const counts = [...stats.statuses.entries()]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  return `${stats.requests} requests: ${counts}`;
}

/** Findings grouped by cause, most frequent first, with the operations where each showed. */
export function findingsReport(findings: Finding[]): string {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) groups.set(finding.cause, [...(groups.get(finding.cause) ?? []), finding]);
  return [...groups.entries()]
    .sort(([, a], [, b]) => b.length - a.length)
    .map(([cause, group]) => {
      const operations = [...new Set(group.map((finding) => finding.operation))];
      const example = group[0]!;
      return [
        `${group.length}× ${cause}`,
        `    in ${operations.slice(0, 12).join(', ')}${operations.length > 12 ? `, +${operations.length - 12} more` : ''}`,
        `    e.g. ${example.request}`,
        `    → ${example.response}`,
      ].join('\n');
    })
    .join('\n');
}
