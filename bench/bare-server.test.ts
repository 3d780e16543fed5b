import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SampledResponse } from './bare-server.ts';
import { freePort, startProcess, stopProcess, waitForUrl } from './lib.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the bare server on a sample, with or without the request log; the log's lines once it stopped. */
async function bareServer(requestLog: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-bare-'));
  dirs.push(dir);
  const sample: SampledResponse = {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' },
    bodyBase64: Buffer.from('{"contacts":[]}').toString('base64'),
  };
  const sampleFile = path.join(dir, 'sample.json');
  fs.writeFileSync(sampleFile, JSON.stringify(sample));
  const port = await freePort();
  const logFile = path.join(dir, 'out.log');
  const child = startProcess(
    process.execPath,
    ['--import', 'tsx', 'bench/bare-server.ts'],
    { PORT: String(port), BARE_RESPONSE: sampleFile, ...(requestLog ? { BARE_REQUEST_LOG: 'info' } : {}) },
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

describe("the bench's bare server", () => {
  it("with the request log, writes Sampark's line for every answer, all of them out by SIGTERM", async () => {
    const server = await bareServer(true);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${server.origin}/api/contacts/active?page=${i}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    expect(await answers[0]!.text()).toBe('{"contacts":[]}');
    const lines = (await server.stop()).filter((line) => 'durationMs' in line);
    // waitForUrl's own requests are logged too: at least one line beyond the 40.
    expect(lines.length).toBeGreaterThan(40);
    const answered = lines.filter((line) => line.path === '/api/contacts/active');
    expect(answered).toHaveLength(40);
    for (const line of answered) {
      expect(line).toMatchObject({ level: 30, method: 'GET', status: 200 });
      expect(line.durationMs).toEqual(expect.any(Number));
      // Sampark's line exactly: its fields, no text beside them.
      expect(line).not.toHaveProperty('msg');
    }
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(lines.length);
  });

  it('without it, writes nothing', async () => {
    const server = await bareServer(false);
    expect((await fetch(`${server.origin}/api/contacts/active`)).status).toBe(200);
    expect(await server.stop()).toEqual([]);
  });
});
