import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess, waitForUrl } from './lib.ts';
import type { SampledResponse } from './sampled-response.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SAMPLE: SampledResponse = {
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' },
  bodyBase64: Buffer.from('{"contacts":[]}').toString('base64'),
};

/** Starts a baseline server on a sample; the lines of its standard output once it stopped. */
async function baselineServer(script: string, env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-baseline-'));
  dirs.push(dir);
  const sampleFile = path.join(dir, 'sample.json');
  fs.writeFileSync(sampleFile, JSON.stringify(SAMPLE));
  const port = await freePort();
  const logFile = path.join(dir, 'out.log');
  const child = startProcess(
    process.execPath,
    ['--import', 'tsx', script],
    { PORT: String(port), BARE_RESPONSE: sampleFile, ...env },
    logFile,
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitForUrl(`${origin}/`);
  return {
    origin,
    async stop() {
      await stopProcess(child);
      return fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
  };
}

async function expectSampleFrom(origin: string) {
  const answer = await fetch(`${origin}/api/contacts/active`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await answer.text()).toBe('{"contacts":[]}');
}

describe("the bench's baseline servers", () => {
  it('bare node:http sends the sample and writes nothing', async () => {
    const server = await baselineServer('bench/bare-server.ts');
    await expectSampleFrom(server.origin);
    expect(await server.stop()).toEqual([]);
  });

  it('plain Fastify sends the sample and, without the request log, writes nothing', async () => {
    const server = await baselineServer('bench/fastify-server.ts');
    await expectSampleFrom(server.origin);
    expect(await server.stop()).toEqual([]);
  });

  it("the Fastify + pino peer writes a line with Sampark's fields for every answer, all out by SIGTERM", async () => {
    const server = await baselineServer('bench/fastify-server.ts', { PEER_REQUEST_LOG: 'info' });
    await expectSampleFrom(server.origin);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${server.origin}/api/contacts/active?page=${i}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    const lines = (await server.stop()).filter((line) => 'durationMs' in line);
    // waitForUrl's own request is logged too.
    const answered = lines.filter((line) => line.path === '/api/contacts/active');
    expect(answered).toHaveLength(41);
    for (const line of answered) {
      expect(line).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: expect.any(String),
        method: 'GET',
        path: '/api/contacts/active',
        status: 200,
        durationMs: expect.any(Number),
      });
    }
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(lines.length);
  });
});
