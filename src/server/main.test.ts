import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_CONNECTION_GRACE_MS } from './plugins/graceful-shutdown.ts';
import { LOGGED_PATH_MAX_CHARS } from './plugins/request-log.ts';
import { type Outcome, requestAwaitingBody, send } from './test-support/http-client.ts';
import { killServerProcesses, startServerProcess } from './test-support/server-process.ts';
import { testRedisUrl } from './test-support/test-redis.ts';
import { createWebBuildFixture, type WebBuildFixture } from './test-support/web-build-fixture.ts';

const fixtures: WebBuildFixture[] = [];
afterEach(() => {
  killServerProcesses();
  for (const fixture of fixtures.splice(0)) fixture.remove();
});

function webBuild(options?: Parameters<typeof createWebBuildFixture>[0]) {
  const fixture = createWebBuildFixture(options);
  fixtures.push(fixture);
  return fixture;
}

/** Node's flags in `npm start` (`node <flags> dist/server/main.js`), as the production server gets them. */
const START_NODE_FLAGS = (
  JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .slice(1, -1);

// Each test starts the real server, which takes seconds on a busy machine.
const PROCESS_TEST = { timeout: 60_000 };

describe('the server process', PROCESS_TEST, () => {
  it('refuses to start on a wrong setting and names the variable', async () => {
    const server = startServerProcess({ PORT: 'eighty' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\s+PORT: /);
  });

  it('prints a generated admin password once, logs JSON, and finishes an in-flight request on SIGTERM', async () => {
    const server = startServerProcess();
    const [, password] = await server.waitFor(/password: (\S+)/);
    expect(password).toHaveLength(16);
    const port = await server.port;

    // The headers of a request now, its body after SIGTERM: the server must still answer it.
    const body = JSON.stringify({ email: 'admin@sampark.local', password: password });
    const login = await requestAwaitingBody(
      port,
      '/api/admin/login',
      Buffer.byteLength(body),
      'Connection: close\r\n',
    );
    server.terminate();
    await server.waitFor(/shutting down/);
    login.socket.write(body);
    await login.closed;
    expect(login.received(), server.output()).toMatch(/^HTTP\/1\.1 200/);
    expect(login.received()).toContain('"success":true');
    expect((await server.exited).code).toBe(0);
  });
});

describe('shutting down on SIGTERM', PROCESS_TEST, () => {
  it('answers every request that reached the server while under load, then exits 0 within 10 s', async () => {
    const CLIENTS = 6;
    const SIGTERM_AFTER_RESPONSES = 60;
    // Larger than what the sockets' buffers hold, so that its answer is still being sent at SIGTERM.
    const web = webBuild({ largeBytes: 32 * 1024 * 1024 });
    const server = startServerProcess({ WEB_DIST_DIR: web.dir });
    const port = await server.port;
    const paths = ['/api/contacts/active', '/', '/api/settings', '/contact', web.paths.script];
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 1 });

    let sigtermAt: number | undefined;
    let signalled!: () => void;
    const sigtermSent = new Promise<void>((resolve) => {
      signalled = resolve;
    });
    let answered = 0;
    let largeUnderWay = false;
    const terminateOnceLoaded = () => {
      if (sigtermAt !== undefined || answered < SIGTERM_AFTER_RESPONSES || !largeUnderWay) return;
      sigtermAt = server.terminate();
      signalled();
    };

    // A slow download: its headers arrive before SIGTERM, its body is read only after.
    const large = send(agent, port, web.paths.large, {
      holdBody: sigtermSent,
      onHeaders: () => {
        largeUnderWay = true;
        terminateOnceLoaded();
      },
    });
    // Each client sends its next request as soon as the last is answered, until the server is gone.
    const client = async (first: number) => {
      const outcomes: (Outcome & { afterSigterm: boolean })[] = [];
      for (let index = first; ; index++) {
        const outcome = await send(agent, port, paths[index % paths.length]!);
        outcomes.push({ ...outcome, afterSigterm: sigtermAt !== undefined });
        if (outcome.error !== undefined) return outcomes;
        answered++;
        terminateOnceLoaded();
      }
    };
    const outcomes = (await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))).flat();
    const largeOutcome = await large;
    const exit = await server.exited;
    agent.destroy();

    const context = JSON.stringify({ outcomes, largeOutcome, output: server.output().slice(-3000) });
    for (const outcome of outcomes) {
      if (outcome.error === undefined) {
        expect(outcome, context).toMatchObject({ status: 200, complete: true });
      } else {
        // Once the process no longer listens, a new connection is refused: what any client of a stopped server sees.
        expect(outcome, context).toMatchObject({ error: 'ECONNREFUSED', reusedSocket: false });
      }
    }
    // Requests that arrived after the signal were answered, and told their clients to close the connection.
    expect(
      outcomes.filter((outcome) => outcome.afterSigterm && outcome.connection === 'close').length,
      context,
    ).toBeGreaterThan(0);
    expect(largeOutcome, context).toMatchObject({ status: 200, complete: true, bytes: web.largeBytes });
    expect(exit.code, context).toBe(0);
    expect(exit.at - sigtermAt!).toBeLessThan(10_000);
    expect(server.output()).toMatch(/"msg":"shut down"/);
  });

  it('writes one log line per answered request, none for health checks and assets, and loses none at SIGTERM', async () => {
    const REQUESTS = 400;
    const web = webBuild();
    const server = startServerProcess({ WEB_DIST_DIR: web.dir, LOG_LEVEL: 'info' });
    const port = await server.port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    // Its line is cut short with an ellipsis: a character of three bytes, which must reach the output whole.
    const longPath = `/missing/${'x'.repeat(LOGGED_PATH_MAX_CHARS)}`;
    const [missing, ...outcomes] = await Promise.all([
      send(agent, port, longPath),
      ...Array.from({ length: REQUESTS }, (_, index) =>
        send(agent, port, index % 2 === 0 ? '/api/contacts/active' : `/contact?ref=${index}`),
      ),
      send(agent, port, '/api/health'),
      send(agent, port, web.paths.script),
    ]);
    expect(missing!.status).toBe(404);
    expect(outcomes.every((outcome) => outcome.status === 200)).toBe(true);
    // SIGTERM as soon as the last answer is in: the lines still buffered then must reach the output too.
    server.terminate();
    expect((await server.exited).code, server.output()).toBe(0);
    agent.destroy();

    const requestLines = server.logLines().filter((line) => 'method' in line && 'status' in line);
    expect(
      requestLines.filter((line) => !['/api/contacts/active', '/contact'].includes(String(line.path))),
    ).toEqual([
      expect.objectContaining({ path: `${longPath.slice(0, LOGGED_PATH_MAX_CHARS)}…`, status: 404 }),
    ]);
    expect(requestLines).toHaveLength(REQUESTS + 1);
    expect(requestLines.filter((line) => line.path === '/api/contacts/active')).toHaveLength(REQUESTS / 2);
    // The path only: a query string may carry what a visitor typed.
    expect(requestLines.filter((line) => line.path === '/contact')).toHaveLength(REQUESTS / 2);
    expect(requestLines[0]).toMatchObject({ method: 'GET', status: 200, reqId: expect.any(String) });
    expect(server.logLines().at(-1)).toMatchObject({ msg: 'shut down' });
  });

  it('closes idle keep-alive connections and ones that never sent a request, and exits 0', async () => {
    const server = startServerProcess();
    const port = await server.port;
    const agent = new http.Agent({ keepAlive: true });
    expect(await send(agent, port, '/api/health')).toMatchObject({ status: 200, complete: true });
    // The agent keeps that connection open for the next request, which never comes.
    expect(Object.keys(agent.freeSockets)).toHaveLength(1);
    const silent = net.connect(port, '127.0.0.1');
    await once(silent, 'connect');
    const silentClosed = once(silent, 'close');

    const sigtermAt = server.terminate();
    const exit = await server.exited;
    await silentClosed;
    expect(exit.code, server.output()).toBe(0);
    expect(exit.at - sigtermAt).toBeLessThan(10_000);
    expect(Object.keys(agent.freeSockets)).toHaveLength(0);
    agent.destroy();
  });

  it('exits promptly when idle: the purge, view-count and Redis timers do not hold it open', async () => {
    const server = startServerProcess(process.env.TEST_REDIS_URL ? { REDIS_URL: testRedisUrl() } : {});
    await server.port;
    const sigtermAt = server.terminate();
    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    // Nothing to wait for: no connection, so not even the idle-connection grace.
    expect(exit.at - sigtermAt).toBeLessThan(IDLE_CONNECTION_GRACE_MS);
  });

  it('leaves nothing running once the app is closed: without process.exit, the process ends by itself', async () => {
    const linger = startServerProcess(process.env.TEST_REDIS_URL ? { REDIS_URL: testRedisUrl() } : {}, {
      entry: 'src/server/test-support/shut-down-and-linger.ts',
    });
    const exit = await linger.exited;
    expect(linger.output()).not.toContain('stillRunning');
    expect(exit.code, linger.output()).toBe(0);
  });

  it('cuts off a request that never finishes at SHUTDOWN_TIMEOUT_MS, says so and exits 1', async () => {
    const server = startServerProcess({ SHUTDOWN_TIMEOUT_MS: '2000' });
    const port = await server.port;
    // A client that sends the headers and part of the body, then stalls for good.
    const stalled = await requestAwaitingBody(port, '/api/contact-inquiries', 1000);
    stalled.socket.write('{"name":"Asha Verma","phone":');

    const sigtermAt = server.terminate();
    const exit = await server.exited;
    await stalled.closed;
    expect(exit.code, server.output()).toBe(1);
    expect(exit.at - sigtermAt).toBeGreaterThan(1_900);
    expect(exit.at - sigtermAt).toBeLessThan(10_000);
    expect(server.output()).toMatch(
      /"level":50.*"msg":"shutdown did not finish within 2000 ms: closing 1 connection\(s\) still open"/,
    );
  });

  it('with SHUTDOWN_DRAIN_MS, keeps answering for that long while /api/ready says 503', async () => {
    const server = startServerProcess({ SHUTDOWN_DRAIN_MS: '2000' });
    const port = await server.port;
    const agent = new http.Agent({ keepAlive: true });
    expect(await send(agent, port, '/api/ready')).toMatchObject({ status: 200, connection: 'keep-alive' });

    const sigtermAt = server.terminate();
    await server.waitFor(/shutting down/);
    // On the connection kept open from before, then on a new one: both answered, each closing its connection.
    expect(await send(agent, port, '/api/ready')).toMatchObject({
      status: 503,
      connection: 'close',
      reusedSocket: true,
    });
    expect(await send(agent, port, '/api/contacts/active')).toMatchObject({
      status: 200,
      connection: 'close',
      reusedSocket: false,
    });
    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    expect(exit.at - sigtermAt).toBeGreaterThan(1_900);
    expect(exit.at - sigtermAt).toBeLessThan(10_000);
    agent.destroy();
  });
});

describe('memory when idle', PROCESS_TEST, () => {
  it('started as npm start starts it, gives memory back once no request came for IDLE_MEMORY_RELEASE_MS', async () => {
    const server = startServerProcess(
      { LOG_LEVEL: 'info', IDLE_MEMORY_RELEASE_MS: '300' },
      { nodeFlags: START_NODE_FLAGS },
    );
    const port = await server.port;
    const released = () => server.logLines().filter((line) => line.msg === 'Idle: memory given back');
    await server.waitFor(/Idle: memory given back/);
    const [afterStart] = released();
    // What starting left behind (the young generation it grew, its garbage) goes back to the machine.
    expect(afterStart!.rssAfterMb).toBeLessThan(afterStart!.rssBeforeMb as number);

    // Requests, then quiet again: given back again.
    for (let i = 0; i < 20; i++)
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await expect.poll(() => released().length, { timeout: 30_000, interval: 50 }).toBe(2);
  });
});
