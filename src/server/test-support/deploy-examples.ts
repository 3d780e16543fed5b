import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import { createAdmin, createTestInstances, openTestDatabase } from './test-app.ts';
import { testRedisUrl } from './test-redis.ts';

// Helpers for the checks of the files in deploy/: they run the real tools (systemd-analyze, nginx, caddy)
// on the examples, changed only where a test must differ from a server (ports, certificate paths).

export const DEPLOY_DIR = fileURLToPath(new URL('../../../deploy/', import.meta.url));
/** The site's name in every example; the test certificate is made for it. */
export const SITE_NAME = 'support.example.in';
/** Bounds every wait for a process or a port; far above what each takes on a loaded CI machine. */
const START_TIMEOUT_MS = 15_000;

export function readExample(name: string): string {
  return fs.readFileSync(path.join(DEPLOY_DIR, name), 'utf8');
}

/**
 * The example with each `[from, to]` replaced, every occurrence. A `from` that is no longer in the example
 * fails the test: the check would otherwise run on something else than the example says.
 */
export function substitute(example: string, text: string, replacements: [string, string][]): string {
  let result = text;
  for (const [from, to] of replacements) {
    if (!result.includes(from))
      throw new Error(`deploy/${example} no longer contains ${JSON.stringify(from)}`);
    result = result.split(from).join(to);
  }
  return result;
}

/** The settings of deploy/sampark.env.example (systemd's KEY=VALUE lines; comments and blanks skipped). */
export function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readExample('sampark.env.example').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** A systemd unit's settings by `Section.Key`; a key given several times keeps every value in order. */
export function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const [key, ...value] = line.split('=');
    const name = `${section}.${key}`;
    settings.set(name, [...(settings.get(name) ?? []), value.join('=')]);
  }
  return settings;
}

/** A unit's command line as systemd splits it: at spaces, except inside double quotes. */
export function commandLine(value: string): string[] {
  return [...value.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

export interface Tool {
  name: string;
  /** Absent when the tool is not installed. */
  path: string | undefined;
  /** False only outside CI with the tool missing: then its checks are skipped, with a message. */
  runChecks: boolean;
  /** The path, or an error saying which Debian package to install (CI fails on it instead of skipping). */
  require(): string;
}

/** In CI a missing tool fails the checks that need it; elsewhere they are skipped. */
const IN_CI = ![undefined, '', '0', 'false'].includes(process.env.CI);

/** A command-line tool from a Debian package; nginx lives in /usr/sbin, which a user's PATH may lack. */
export function debianTool(name: string, debianPackage: string): Tool {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin'];
  const found = dirs
    .filter(Boolean)
    .map((dir) => path.join(dir, name))
    .find((candidate) => {
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  const advice = `${name} is not installed: apt-get install ${debianPackage} (.ci/run installs it)`;
  if (!found && !IN_CI) console.warn(`Skipping the checks that need ${name}. ${advice}`);
  return {
    name,
    path: found,
    runChecks: Boolean(found) || IN_CI,
    require() {
      if (!found) throw new Error(advice);
      return found;
    },
  };
}

export interface ToolResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool to its end; systemd-analyze warns on stderr and still exits 0, so both are kept apart. */
export function run(tool: Tool, args: string[], env: NodeJS.ProcessEnv = process.env): ToolResult {
  const result = spawnSync(tool.require(), args, { env, encoding: 'utf8', timeout: START_TIMEOUT_MS });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const tempDirs = new Set<string>();

/** A temporary directory, removed by `cleanUp`. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sampark-${prefix}-`));
  tempDirs.add(dir);
  // nginx's workers, run as www-data when the tests run as root, must reach their files in here.
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface Certificate {
  certFile: string;
  keyFile: string;
  /** The certificate itself, for the client to trust. */
  pem: string;
}

/** A self-signed certificate for SITE_NAME, made by openssl. */
export function selfSignedCertificate(openssl: Tool, dir: string): Certificate {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const made = run(openssl, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '2',
    '-subj',
    `/CN=${SITE_NAME}`,
    '-addext',
    `subjectAltName=DNS:${SITE_NAME}`,
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  return { certFile, keyFile, pem: fs.readFileSync(certFile, 'utf8') };
}

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once the output matches; rejects when the process exits first or the wait is too long. */
  waitForOutput(pattern: RegExp): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<RunningProcess>();

/** Stops every process a test started and has not stopped, and removes the temporary directories. */
export async function cleanUp(): Promise<void> {
  await Promise.all([...running].map((process) => process.stop()));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export function startProcess(file: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started: RunningProcess = {
    child,
    output: () => output,
    waitForOutput(pattern) {
      return new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(output)) done();
        };
        const timer = setTimeout(
          () => done(new Error(`${path.basename(file)} did not log ${pattern} in time:\n${output}`)),
          START_TIMEOUT_MS,
        );
        listeners.add(check);
        void exited.then(() => done(new Error(`${path.basename(file)} exited:\n${output}`)));
        check();
      });
    },
    async stop() {
      running.delete(started);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  running.add(started);
  return started;
}

/** Resolves once something accepts connections on the port; fails if `process` exits first. */
export async function waitForPort(port: number, process: RunningProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(`the process exited before listening on ${port}:\n${process.output()}`);
    }
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on ${port} in time:\n${process.output()}`);
    // Poll again once the process had a moment to run (bounded by the deadline above).
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface ProxyResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** As received: not decompressed. */
  body: Buffer;
}

export interface ProxyRequest {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's own address (any of 127.0.0.0/8), to tell clients apart behind the proxy. */
  localAddress?: string;
  /** HTTPS, trusting only this certificate; plain HTTP without it. */
  ca?: string;
}

/** One request on a new connection, as a visitor's browser would send it to SITE_NAME. */
export function request(options: ProxyRequest): Promise<ProxyResponse> {
  const common = {
    host: '127.0.0.1',
    port: options.port,
    path: options.path,
    method: options.method ?? 'GET',
    headers: { host: SITE_NAME, ...options.headers },
    agent: false as const,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  };
  return new Promise((resolve, reject) => {
    const onResponse = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    };
    const sent = options.ca
      ? https.request({ ...common, ca: options.ca, servername: SITE_NAME }, onResponse)
      : http.request(common, onResponse);
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** The largest BODY_LIMIT_BYTES config.ts accepts: the proxies must let a body of that size through. */
export const LARGEST_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * The settings every proxied Sampark runs with: the example's, but a test database and port, and the
 * largest body limit, which the proxies must let through.
 */
function samparkEnv(extra: Record<string, string> = {}): Record<string, string> {
  const example = exampleEnv();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    PUBLIC_ORIGIN: example.PUBLIC_ORIGIN!,
    TRUST_PROXY: example.TRUST_PROXY!,
    BODY_LIMIT_BYTES: String(LARGEST_BODY_LIMIT_BYTES),
    ...extra,
  };
}

export interface RunningSampark {
  app: FastifyInstance;
  /** Where it listens, once `listen` has resolved. */
  port: number;
  listen(port?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Sampark on SQLite with the example's settings and the test admin, ready to listen on loopback. It takes
 * one contact-form message per hour per client, so that a test can see whose address the app counted.
 */
export async function createSampark(): Promise<RunningSampark> {
  const { database, dispose } = await openTestDatabase('sqlite');
  const config = loadConfig(samparkEnv({ INQUIRY_LIMIT_PER_HOUR: '1' }));
  const app = await buildApp(config, { database, logger: false });
  await createAdmin(database);
  const sampark: RunningSampark = {
    app,
    port: 0,
    async listen(port = 0) {
      await app.listen({ host: '127.0.0.1', port });
      sampark.port = (app.server.address() as net.AddressInfo).port;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
  return sampark;
}

export interface RunningInstances {
  dialect: Dialect;
  ports: number[];
  /** How many requests for `path` each instance has answered. */
  served(path: string): number[];
  stop(index: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Several instances on one database, as docs/deploy.md sets them up: PostgreSQL and Redis when the tests
 * have them (TEST_POSTGRES_URL, TEST_REDIS_URL; CI does), else one SQLite file.
 */
export async function startInstances(count: number): Promise<RunningInstances> {
  const dialect: Dialect = process.env.TEST_POSTGRES_URL ? 'postgres' : 'sqlite';
  const redis = process.env.TEST_REDIS_URL ? testRedisUrl() : undefined;
  const instances = await createTestInstances(dialect, count, samparkEnv(redis ? { REDIS_URL: redis } : {}));
  const served = instances.apps.map(() => new Map<string, number>());
  for (const [index, app] of instances.apps.entries()) {
    app.addHook('onRequest', async (request) => {
      const counts = served[index]!;
      counts.set(request.url, (counts.get(request.url) ?? 0) + 1);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  }
  return {
    dialect,
    ports: instances.apps.map((app) => (app.server.address() as net.AddressInfo).port),
    served: (path) => served.map((counts) => counts.get(path) ?? 0),
    stop: (index) => instances.apps[index]!.close(),
    close: () => instances.close(),
  };
}
