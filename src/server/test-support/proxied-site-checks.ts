import https from 'node:https';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Certificate,
  createSampark,
  debianTool,
  exampleEnv,
  freePort,
  LARGEST_BODY_LIMIT_BYTES,
  type ProxyResponse,
  type RunningInstances,
  type RunningProcess,
  type RunningSampark,
  request,
  SITE_NAME,
  selfSignedCertificate,
  startInstances,
  startProcess,
  tempDir,
  waitForPort,
} from './deploy-examples.ts';
import { TEST_ADMIN, TEST_INQUIRY } from './test-app.ts';

/** A reverse-proxy example running in front of Sampark, as the tests of nginx and Caddy start it. */
export interface ProxiedSite {
  sampark: RunningSampark;
  httpsPort: number;
  httpPort: number;
  /** The test certificate, the only one the client trusts. */
  ca: string;
  /** How the proxy sends http:// to https:// (status, and the https origin with its port if any). */
  redirect: { status: number; origin: string };
}

/** Makes the test certificates the proxies serve. */
export const openssl = debianTool('openssl', 'openssl');

/** A proxy example a test started: its process and the ports it listens on. */
export interface RunningProxy {
  process: RunningProcess;
  httpsPort: number;
  httpPort: number;
}

export type ProxyPorts = Pick<RunningProxy, 'httpsPort' | 'httpPort'>;

/** Two free ports on loopback for a proxy to listen on. */
export async function freeProxyPorts(): Promise<ProxyPorts> {
  return { httpsPort: await freePort(), httpPort: await freePort() };
}

/** Starts a proxy and resolves once it listens on both its ports. */
export async function startProxy(
  file: string,
  args: string[],
  ports: ProxyPorts,
  env?: NodeJS.ProcessEnv,
): Promise<RunningProxy> {
  const process = startProcess(file, args, env);
  await waitForPort(ports.httpsPort, process);
  await waitForPort(ports.httpPort, process);
  return { ...ports, process };
}

/**
 * For the calling suite: the proxy `start` runs, with a certificate made by openssl, in front of one
 * Sampark, all stopped after the suite; defines the checks every proxy example must pass (the proxy sends
 * http:// to https:// with `redirectStatus`). Returns the running site, for the suite's own tests.
 */
export function proxyInFrontOfOneSampark(
  start: (certificate: Certificate, sampark: RunningSampark) => Promise<RunningProxy>,
  redirectStatus: number,
): () => ProxiedSite {
  let sampark: RunningSampark;
  let certificate: Certificate;
  let proxy: RunningProxy;
  beforeAll(async () => {
    certificate = selfSignedCertificate(openssl, tempDir('cert'));
    sampark = await createSampark();
    await sampark.listen();
    proxy = await start(certificate, sampark);
  });
  afterAll(async () => {
    await proxy?.process.stop();
    await sampark?.close();
  });
  const currentSite = (): ProxiedSite => ({
    sampark,
    httpsPort: proxy.httpsPort,
    httpPort: proxy.httpPort,
    ca: certificate.pem,
    redirect: { status: redirectStatus, origin: `https://${SITE_NAME}` },
  });
  defineProxiedSiteChecks(currentSite);
  return currentSite;
}

/**
 * For the calling suite: the proxy `start` runs, with a certificate made by openssl, in front of two
 * Sampark instances, all stopped after the suite; checks that it shares the requests between them and
 * keeps serving while one is stopped.
 */
export function defineTwoInstanceChecks(
  start: (certificate: Certificate, instances: RunningInstances) => Promise<RunningProxy>,
): void {
  let instances: RunningInstances;
  let certificate: Certificate;
  let proxy: RunningProxy;
  beforeAll(async () => {
    certificate = selfSignedCertificate(openssl, tempDir('cert'));
    instances = await startInstances(2);
    proxy = await start(certificate, instances);
  });
  afterAll(async () => {
    await proxy?.process.stop();
    await instances?.close();
  });

  const get = (path: string) => request({ port: proxy.httpsPort, ca: certificate.pem, path });

  it('shares the requests, reports ready, and keeps serving while one instance is stopped', async () => {
    const ready = await get('/api/ready');
    expect(ready.status).toBe(200);
    expect(json(ready)).toEqual({
      status: 'ready',
      database: instances.dialect,
      redis: process.env.TEST_REDIS_URL ? 'ready' : 'disabled',
    });

    for (let i = 0; i < 6; i++) expect((await get('/api/health')).status).toBe(200);
    expect(instances.served('/api/health')).toEqual([3, 3]);

    // A rolling upgrade: the first instance stops; the proxy passes its share to the second.
    await instances.stop(0);
    for (let i = 0; i < 6; i++) expect((await get('/api/health')).status).toBe(200);
    expect(instances.served('/api/health')).toEqual([3, 9]);
  });
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
];

function inquiryPost(
  site: ProxiedSite,
  localAddress: string,
  headers: Record<string, string> = {},
  sender: { email?: string; phone?: string } = {},
) {
  return request({
    port: site.httpsPort,
    ca: site.ca,
    localAddress,
    method: 'POST',
    path: '/api/contact-inquiries',
    headers: { origin: exampleEnv().PUBLIC_ORIGIN!, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...TEST_INQUIRY, ...sender, query: 'Is the shop open on Sunday?' }),
  });
}

/** The body as JSON, decompressed as its Content-Encoding says (once). */
export function json(response: ProxyResponse): unknown {
  const encoding = response.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? zlib.brotliDecompressSync(response.body)
      : encoding === 'gzip'
        ? zlib.gunzipSync(response.body)
        : response.body;
  return JSON.parse(body.toString('utf8'));
}

function adminSignIn(site: ProxiedSite) {
  return request({
    port: site.httpsPort,
    ca: site.ca,
    method: 'POST',
    path: '/api/admin/login',
    headers: { origin: exampleEnv().PUBLIC_ORIGIN!, 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
}

/** The back office's event stream through the proxy, read as it comes; never ends by itself. */
function openEventStream(site: ProxiedSite, cookie: string) {
  let text = '';
  const stream = https.get({
    host: '127.0.0.1',
    port: site.httpsPort,
    path: '/api/admin/events',
    headers: { host: SITE_NAME, cookie, accept: 'text/event-stream' },
    ca: site.ca,
    servername: SITE_NAME,
    agent: false,
  });
  stream.on('response', (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
    });
    response.on('error', () => {});
  });
  stream.on('error', () => {});
  return { text: () => text, close: () => stream.destroy() };
}

/** What every proxy example must get right in front of Sampark, seen from a visitor's side. */
function defineProxiedSiteChecks(currentSite: () => ProxiedSite): void {
  it('serves the site over HTTPS with Sampark’s security headers, each once', async () => {
    const site = currentSite();
    const proxied = await request({ port: site.httpsPort, ca: site.ca, path: '/api/health' });
    const direct = await request({ port: site.sampark.port, path: '/api/health' });
    expect(proxied.status).toBe(200);
    expect(json(proxied)).toEqual({ status: 'ok' });
    expect(proxied.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    for (const name of SECURITY_HEADERS) expect(proxied.headers[name], name).toBe(direct.headers[name]);
  });

  it('sends plain HTTP to HTTPS', async () => {
    const site = currentSite();
    const response = await request({ port: site.httpPort, path: '/contact?from=card' });
    expect(response.status).toBe(site.redirect.status);
    expect(response.headers.location).toBe(`${site.redirect.origin}/contact?from=card`);
  });

  it('leaves compression to Sampark: brotli or gzip as the client asks, once, and small answers as they are', async () => {
    const site = currentSite();
    const get = (path: string, acceptEncoding: string) =>
      request({ port: site.httpsPort, ca: site.ca, path, headers: { 'accept-encoding': acceptEncoding } });
    const expected = json(await request({ port: site.sampark.port, path: '/api/openapi.json' }));

    const brotli = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(json(brotli)).toEqual(expected);
    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(json(gzip)).toEqual(expected);
    // Under 1 KB Sampark does not compress (decision 006), and neither may the proxy.
    const small = await get('/api/ready', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(json(small)).toMatchObject({ status: 'ready' });
  });

  it('gives Sampark each client’s own address, which a forged X-Forwarded-For does not change', async () => {
    // Sampark accepts one contact-form message per client address per hour here. Two clients on
    // different addresses each get theirs; a client that claims another address is still itself.
    const site = currentSite();
    expect((await inquiryPost(site, '127.0.0.2')).status).toBe(201);
    const forged = await inquiryPost(site, '127.0.0.2', { 'x-forwarded-for': '198.51.100.7' });
    expect(forged.status).toBe(429);
    expect((await inquiryPost(site, '127.0.0.3')).status).toBe(201);
  });

  it('passes a body as large as Sampark’s largest BODY_LIMIT_BYTES on, for Sampark to answer', async () => {
    // Sampark runs with the largest limit it accepts; a message of that size is read and refused by its
    // own validation (a proxy limit below it would answer 413 instead).
    const site = currentSite();
    expect(site.sampark.app.initialConfig.bodyLimit).toBe(LARGEST_BODY_LIMIT_BYTES);
    const body = JSON.stringify({ query: 'x'.repeat(LARGEST_BODY_LIMIT_BYTES - 100) });
    const response = await request({
      port: site.httpsPort,
      ca: site.ca,
      localAddress: '127.0.0.4',
      method: 'POST',
      path: '/api/contact-inquiries',
      headers: { origin: exampleEnv().PUBLIC_ORIGIN!, 'content-type': 'application/json' },
      body,
    });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LARGEST_BODY_LIMIT_BYTES);
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ success: false, errors: { query: expect.any(String) } });
  });

  it('passes the back office’s event stream on as each event happens, unbuffered', async () => {
    const site = currentSite();
    const signedIn = await adminSignIn(site);
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers['set-cookie'] ?? []).map((value) => value.split(';')[0]).join('; ');
    const events = openEventStream(site, cookie);
    try {
      await expect.poll(events.text, { timeout: 5_000 }).toContain('retry:');
      const posted = await inquiryPost(
        site,
        '127.0.0.6',
        {},
        { email: 'stream@example.com', phone: '+91 98765 22222' },
      );
      expect(posted.status).toBe(201);
      // Within the 2 s the open inbox promises; a buffering proxy would hold it until its buffer fills.
      await expect.poll(events.text, { timeout: 2_000 }).toContain('"type":"inquiry.created"');
    } finally {
      events.close();
    }
  });

  it('lets an admin sign in over HTTPS with a Secure __Host- session cookie', async () => {
    const response = await adminSignIn(currentSite());
    expect(response.status).toBe(200);
    const cookies = response.headers['set-cookie'] ?? [];
    expect(cookies.find((cookie) => cookie.startsWith('__Host-sampark_session='))).toMatch(/; Secure/i);
  });
}
