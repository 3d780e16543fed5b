import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debianTool, freePort } from '../../src/server/test-support/deploy-examples.ts';

/**
 * The container image (decision 055), built from the Dockerfile on a stand-in for the official Node.js image
 * (scripts/container/standin-base.sh: no image registry is reachable here) and run with podman as an owner
 * would: the site answers, its data outlives the container, it stops cleanly under load, a read-only root is
 * enough, and two containers on one PostgreSQL and Redis share sessions and limits. Run by `npm run
 * test:container` (part of `npm test`), on its own: building takes both cores for minutes.
 */

const execFileAsync = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const CONTAINERS_CONF = `${ROOT}scripts/container/containers.conf`;
const ENV = { ...process.env, CONTAINERS_CONF };
const podmanTool = debianTool('podman', 'podman');
const composeTool = debianTool('podman-compose', 'podman-compose');
const run =
  podmanTool.runChecks && composeTool.runChecks && debianTool('debootstrap', 'debootstrap').runChecks;

/** A Redis of the test's own, for the two containers (Debian's redis-server, as the Redis tests use). */
const REDIS_SERVER = '/usr/bin/redis-server';
const RUN_ID = randomBytes(3).toString('hex');
const LABEL = `sampark-container-test=${RUN_ID}`;
const IMAGE = 'localhost/sampark:container-test';
const PASSWORD = 'container-owner-password';
const VERSION = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string }).version;
const BUILD_MS = 30 * 60_000;
/** What the closing note reports: sizes and times, printed at the end. */
const figures: Record<string, string> = {};

async function podman(args: string[], { timeout = 120_000 } = {}): Promise<string> {
  const { stdout } = await execFileAsync(podmanTool.require(), args, {
    env: ENV,
    timeout,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim();
}

/** A command's output and exit code, which may be non-zero. */
async function attempt(file: string, args: string[], env = ENV) {
  try {
    const { stdout, stderr } = await execFileAsync(file, args, { env, timeout: 300_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: Math.round(performance.now() - started) };
}

interface Started {
  name: string;
  origin: string;
}

/** Starts a container of the image, detached, labelled for clean-up; resolves once /api/ready says 200. */
async function startContainer(
  name: string,
  {
    env = {},
    volume,
    network,
    port,
  }: { env?: Record<string, string>; volume?: string; network?: 'host'; port?: number },
): Promise<Started> {
  const hostPort = port ?? (await freePort());
  const origin = `http://127.0.0.1:${hostPort}`;
  const args = ['run', '-d', '--name', name, '--label', LABEL, '--read-only', '--tmpfs', '/tmp'];
  if (network === 'host') args.push('--network', 'host', '-e', `PORT=${hostPort}`, '-e', 'HOST=127.0.0.1');
  else args.push('-p', `127.0.0.1:${hostPort}:3000`);
  if (volume) args.push('-v', `${volume}:/data`);
  for (const [key, value] of Object.entries({ PUBLIC_ORIGIN: origin, ...env }))
    args.push('-e', `${key}=${value}`);
  await podman([...args, IMAGE]);
  await expect
    .poll(
      async () => {
        const state = await podman(['inspect', '-f', '{{.State.Status}}', name]);
        if (state === 'exited') throw new Error(`${name} exited:\n${await podman(['logs', name])}`);
        return fetch(`${origin}/api/ready`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(200);
  return { name, origin };
}

async function signIn(origin: string, password = PASSWORD, email = 'admin@sampark.local') {
  return fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
}

function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => /sampark_session=/.test(value));
  if (!cookie) throw new Error(`no session cookie: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function sendInquiry(origin: string, query: string) {
  const response = await fetch(`${origin}/api/contact-inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      name: 'Asha Verma',
      phone: '+91 98765 43210',
      email: 'asha@example.com',
      city: 'Pune',
      query,
      service: 'technical-support',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function inquiryQueries(origin: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${origin}/api/contact-inquiries`, { headers: { cookie, origin } });
  expect(response.status).toBe(200);
  const { inquiries } = (await response.json()) as { inquiries: { query: string }[] };
  return inquiries.map((inquiry) => inquiry.query);
}

interface Outcome {
  status?: number;
  complete?: boolean;
  error?: string;
  /** Whether the TCP connection was made: a request refused before that was never under way. */
  connected: boolean;
}

/** One GET on a keep-alive agent, read to its end. */
function send(agent: http.Agent, port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let connected = false;
    const request = http.get({ host: '127.0.0.1', port, path, agent, timeout: 15_000 }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode!, complete: response.complete, connected }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, connected }),
      );
    });
    request.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, connected }),
    );
  });
}

describe.runIf(run)('the container image', { timeout: BUILD_MS }, () => {
  const volumes: string[] = [];

  beforeAll(async () => {
    const base = await timed(() =>
      execFileAsync('bash', [`${ROOT}scripts/container/standin-base.sh`], { env: ENV, timeout: BUILD_MS }),
    );
    const baseImage = base.result.stdout.trim().split('\n').at(-1)!;
    figures['stand-in base'] =
      `${baseImage}, ${base.ms} ms (${/already built/.test(base.result.stderr) ? 'kept from an earlier run' : 'built now'})`;
    const revision = (await execFileAsync('git', ['rev-parse', 'HEAD'], { cwd: ROOT })).stdout.trim();
    const build = await timed(() =>
      podman(
        [
          'build',
          '--format',
          'docker',
          // The build and production-dependency stages at once, as Docker's BuildKit does by itself: while
          // one waits on the registry the other computes (on the 2-core CI machine, 235 s instead of 353 s).
          '--jobs',
          '2',
          '--build-arg',
          `BASE_IMAGE=${baseImage}`,
          '--build-arg',
          `REVISION=${revision}`,
          '-t',
          IMAGE,
          ROOT,
        ],
        { timeout: BUILD_MS },
      ),
    );
    figures['image build'] = `${build.ms} ms`;
  }, BUILD_MS);

  afterAll(async () => {
    if (!podmanTool.path) return;
    const containers = (await podman(['ps', '-aq', '--filter', `label=${LABEL}`]))
      .split('\n')
      .filter(Boolean);
    if (containers.length > 0) await podman(['rm', '-f', '-t', '0', ...containers]);
    if (volumes.length > 0) await podman(['volume', 'rm', '-f', ...volumes]);
    // Layers of earlier builds that nothing uses any more, once they are a day old: younger ones stay as the
    // next build's cache, as Docker keeps them, so a build whose dependencies did not change skips both npm ci
    // (on the 2-core CI machine, about 35 s instead of 88 s; decision 067). The stand-in base stays.
    await podman(['image', 'prune', '-f', '--filter', 'until=24h']);
    console.log(
      `Container figures:\n${Object.entries(figures)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join('\n')}`,
    );
  });

  it('runs as a non-root user, with its version and health check, and carries no compiler, dev dependency or source map', async () => {
    const [inspected] = JSON.parse(await podman(['image', 'inspect', IMAGE])) as {
      Size: number;
      Healthcheck?: { Test: string[] };
      Config: { User: string; Labels: Record<string, string>; Volumes: object };
    }[];
    figures['image size'] = `${(inspected!.Size / 1024 / 1024).toFixed(0)} MiB`;
    expect(inspected!.Config.User).toBe('node');
    expect(inspected!.Config.Labels).toMatchObject({
      'org.opencontainers.image.title': 'Sampark',
      'org.opencontainers.image.version': VERSION,
      'org.opencontainers.image.revision': expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(inspected!.Healthcheck?.Test.join(' ')).toContain('/api/ready');
    expect(Object.keys(inspected!.Config.Volumes)).toEqual(['/data']);
    const inside = await podman([
      'run',
      '--rm',
      '--label',
      LABEL,
      IMAGE,
      'sh',
      '-c',
      'id -u; for tool in gcc g++ cc make python3; do command -v $tool; done; ' +
        'ls node_modules | grep -x -e vite -e typescript -e vitest -e @biomejs -e tsx; find dist -name "*.map" | head -3; ' +
        'command -v pg_dump',
    ]);
    expect(inside.split('\n')).toEqual(['1000', '/usr/bin/pg_dump']);
  });

  it('serves the site from a read-only root, prints the first password, and keeps its data in a new container', async () => {
    const volume = `sampark-test-${RUN_ID}-data`;
    volumes.push(volume);
    const first = await startContainer(`sampark-test-${RUN_ID}-a`, { volume });
    for (const path of ['/', '/contact', '/admin/login', '/hi/contact']) {
      expect((await fetch(`${first.origin}${path}`)).status, path).toBe(200);
    }
    expect((await attempt(podmanTool.require(), ['healthcheck', 'run', first.name])).code).toBe(0);
    // The first start's password is in the container's log, as docs/deploy.md says.
    const password = /password: (\S+)/.exec(await podman(['logs', first.name]))?.[1];
    expect(password).toBeDefined();
    await sendInquiry(first.origin, `Before the upgrade ${RUN_ID}`);
    const signedIn = await signIn(first.origin, password);
    expect(signedIn.status).toBe(200);
    expect(await inquiryQueries(first.origin, sessionCookie(signedIn))).toContain(
      `Before the upgrade ${RUN_ID}`,
    );
    // Back up now: the file lands in the volume, beside the database.
    const backup = await fetch(`${first.origin}/api/admin/backups`, {
      method: 'POST',
      headers: { cookie: sessionCookie(signedIn), origin: first.origin },
    });
    expect(backup.status, await backup.clone().text()).toBe(202);
    await expect
      .poll(() => podman(['exec', first.name, 'ls', '/data/backups']), { timeout: 60_000, interval: 200 })
      .toMatch(/^sampark-\S+\.db$/m);

    // An upgrade: the container goes, a new one starts on the same volume.
    await podman(['rm', '-f', first.name]);
    const second = await startContainer(`sampark-test-${RUN_ID}-b`, { volume });
    const again = await signIn(second.origin, password);
    expect(again.status).toBe(200);
    expect(await inquiryQueries(second.origin, sessionCookie(again))).toContain(
      `Before the upgrade ${RUN_ID}`,
    );
    // The site ran on a root it cannot write to.
    const write = await attempt(podmanTool.require(), ['exec', second.name, 'touch', '/app/written']);
    expect(write.stderr).toContain('Read-only file system');

    // The backup command inside the running container, then a restore in a one-off container of the image,
    // with the instance stopped, as docs/deploy.md shows: what was sent after the backup is gone again.
    const taken = await podman(['exec', second.name, 'node', 'dist/server/cli/backup.js']);
    const file = /sampark-\S+\.db/.exec(taken)?.[0];
    expect(file, taken).toBeDefined();
    await sendInquiry(second.origin, `After the backup ${RUN_ID}`);
    await podman(['rm', '-f', second.name]);
    await podman([
      'run',
      '--rm',
      '--label',
      LABEL,
      '-v',
      `${volume}:/data`,
      IMAGE,
      'node',
      'dist/server/cli/restore.js',
      `/data/backups/${file}`,
    ]);
    const third = await startContainer(`sampark-test-${RUN_ID}-c`, { volume });
    const restored = await inquiryQueries(third.origin, sessionCookie(await signIn(third.origin, password)));
    expect(restored).toContain(`Before the upgrade ${RUN_ID}`);
    expect(restored).not.toContain(`After the backup ${RUN_ID}`);
    await podman(['rm', '-f', third.name]);
  });

  it('stops on podman stop under load: every request that reached it answered, exit 0, within the timeout', async () => {
    const container = await startContainer(`sampark-test-${RUN_ID}-stop`, {
      env: { ADMIN_PASSWORD: PASSWORD },
    });
    const port = Number(new URL(container.origin).port);
    const CLIENTS = 6;
    const STOP_AFTER_RESPONSES = 100;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const paths = ['/', '/contact', '/api/contacts/active', '/blog', '/api/settings'];
    let answered = 0;
    let stop: Promise<{ result: string; ms: number }> | undefined;
    const client = async (first: number) => {
      const outcomes: Outcome[] = [];
      for (let index = first; ; index++) {
        const outcome = await send(agent, port, paths[index % paths.length]!);
        outcomes.push(outcome);
        if (outcome.error !== undefined) return outcomes;
        answered++;
        if (answered >= STOP_AFTER_RESPONSES && !stop)
          stop = timed(() => podman(['stop', '-t', '20', container.name]));
      }
    };
    const outcomes = (await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))).flat();
    agent.destroy();
    const stopped = await stop!;
    figures['podman stop under load'] = `${stopped.ms} ms (${answered} requests answered)`;
    const context = JSON.stringify({
      outcomes: outcomes.filter((outcome) => outcome.error),
      logs: 'see podman logs',
    });
    for (const outcome of outcomes) {
      if (outcome.error === undefined)
        expect(outcome, context).toMatchObject({ status: 200, complete: true });
      // Once the server no longer listens, a new connection is not made: no request under way was cut.
      else expect(outcome.connected, context).toBe(false);
    }
    expect(await podman(['inspect', '-f', '{{.State.ExitCode}}', container.name])).toBe('0');
    expect(await podman(['logs', container.name])).toMatch(/"msg":"shut down"/);
    // Under the shutdown timeout (9 s) with its second to spare, far from podman's 20 s kill.
    expect(stopped.ms).toBeLessThan(10_000);
  });

  describe.runIf(process.env.TEST_POSTGRES_URL)('two containers on PostgreSQL and Redis', () => {
    let database: string | undefined;
    let redis: ChildProcess | undefined;
    const admin = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://localhost');
    const query = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin.href });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };

    afterAll(async () => {
      redis?.kill();
      if (database) await query(`drop database if exists ${database} with (force)`);
    });

    it('started together on a new database, share sessions and sign-in limits', async () => {
      database = `sampark_container_${RUN_ID}`;
      await query(`create database ${database}`);
      const redisPort = await freePort();
      redis = spawn(
        REDIS_SERVER,
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      const probe = new Redis(redisPort, '127.0.0.1', { retryStrategy: () => 20, maxRetriesPerRequest: 0 });
      probe.on('error', () => {});
      await new Promise((resolve) => probe.once('ready', resolve));
      probe.disconnect();

      const url = new URL(admin.href);
      url.pathname = `/${database}`;
      const [portA, portB] = [await freePort(), await freePort()];
      const env = {
        DATABASE_URL: url.href,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        ADMIN_PASSWORD: PASSWORD,
        // One site behind a load balancer: both answer for the first one's address.
        PUBLIC_ORIGIN: `http://127.0.0.1:${portA}`,
      };
      const [a, b] = await Promise.all([
        startContainer(`sampark-test-${RUN_ID}-pg-a`, { env, network: 'host', port: portA }),
        startContainer(`sampark-test-${RUN_ID}-pg-b`, { env, network: 'host', port: portB }),
      ]);
      const origin = env.PUBLIC_ORIGIN;
      const signedIn = await signIn(a.origin);
      expect(signedIn.status).toBe(200);
      const cookie = sessionCookie(signedIn);
      const me = await fetch(`${b.origin}/api/admin/me`, { headers: { cookie, origin } });
      expect(me.status).toBe(200);

      const wrong = (target: Started) =>
        fetch(`${target.origin}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ email: 'admin@sampark.local', password: 'not the password' }),
        }).then((response) => response.status);
      const statuses: number[] = [];
      for (const target of [a, b, a, b, a, b]) statuses.push(await wrong(target));
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      await podman(['rm', '-f', a.name, b.name]);
    });
  });

  it('has compose files podman-compose reads: two instances, PostgreSQL, Redis and Caddy; and one on SQLite', async () => {
    const env = { ...ENV, SAMPARK_DOMAIN: 'support.example.in', POSTGRES_PASSWORD: 'compose-check' };
    for (const [file, services] of [
      ['compose.yaml', ['postgres', 'redis', 'sampark-1', 'sampark-2', 'caddy']],
      ['deploy/compose/sqlite.yaml', ['sampark', 'caddy']],
    ] as const) {
      const project = `sampark-compose-check-${RUN_ID}`;
      const checked = await attempt(
        composeTool.require(),
        ['-p', project, '-f', `${ROOT}${file}`, '--dry-run', 'up'],
        env,
      );
      // --dry-run still makes the named volumes: they go at once.
      const made = (
        await podman(['volume', 'ls', '-q', '--filter', `label=io.podman.compose.project=${project}`])
      )
        .split('\n')
        .filter(Boolean);
      if (made.length > 0) await podman(['volume', 'rm', '-f', ...made]);
      expect(checked.code, checked.stderr).toBe(0);
      const created = checked.stdout.split('\n').filter((line) => line.startsWith('podman create'));
      expect(created.map((line) => /com\.docker\.compose\.service=(\S+)/.exec(line)?.[1])).toEqual(services);
      for (const line of created.filter((entry) => entry.includes('localhost/sampark'))) {
        expect(line).toContain('--read-only');
        expect(line).toContain('-e TRUST_PROXY=uniquelocal');
        expect(line).toContain('-e PUBLIC_ORIGIN=https://support.example.in');
        expect(line).not.toMatch(/\$\{/);
      }
      // Without the site's name it refuses to start, naming what to set.
      const unnamed = await attempt(composeTool.require(), ['-f', `${ROOT}${file}`, '--dry-run', 'up'], ENV);
      expect(unnamed.code).not.toBe(0);
      expect(unnamed.stderr).toMatch(/set SAMPARK_DOMAIN|set POSTGRES_PASSWORD/);
    }
  });
});
