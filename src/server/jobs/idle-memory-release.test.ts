import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createIdleMemoryRelease, type ExposedGc, exposedGc } from './idle-memory-release.ts';

/** V8's real collector, as `--expose-gc` gives it, in this test's process (which was started without it). */
function realGc(): ExposedGc {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as ExposedGc;
}

function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('giving memory back when idle', () => {
  it('collects once after the start, waits while requests come, and once more after they stop', async () => {
    let requests = 0;
    const { log, lines } = capturedLog();
    const job = createIdleMemoryRelease({
      gc: realGc(),
      requestsSoFar: () => requests,
      quietMs: 60_000,
      clock: Date.now,
      log,
    });

    // A quiet period since the start: what starting left is given back.
    const first = await job.runNow();
    expect(first).toMatchObject({ released: true });
    if (first.released) {
      expect(first.rssBefore).toBeGreaterThan(0);
      expect(first.rssAfter).toBeGreaterThan(0);
    }
    expect(lines.at(-1)).toMatchObject({
      msg: 'Idle: memory given back',
      rssBeforeMb: expect.any(Number),
      rssAfterMb: expect.any(Number),
    });
    // Quiet again, with nothing served since: no collection, which would stop JavaScript for nothing.
    expect(await job.runNow()).toEqual({ released: false, reason: 'nothing new' });

    // Requests during the period: not now, a request may be under way.
    requests += 3;
    expect(await job.runNow()).toEqual({ released: false, reason: 'busy' });
    requests += 1;
    expect(await job.runNow()).toEqual({ released: false, reason: 'busy' });
    // A whole period without one: given back.
    expect(await job.runNow()).toMatchObject({ released: true });
    expect(await job.runNow()).toEqual({ released: false, reason: 'nothing new' });
    expect(lines.filter((line) => line.msg === 'Idle: memory given back')).toHaveLength(2);
  });

  it('finds V8’s collector only when the process was started with --expose-gc', () => {
    const scope = globalThis as { gc?: unknown };
    const before = scope.gc;
    try {
      delete scope.gc;
      expect(exposedGc()).toBeUndefined();
      const gc = realGc();
      scope.gc = gc;
      expect(exposedGc()).toBe(gc);
    } finally {
      if (before === undefined) delete scope.gc;
      else scope.gc = before;
    }
  });
});
