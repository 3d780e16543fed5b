import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logLines } from '../test-support/log-lines.ts';
import { createIdleMemoryRelease, type ExposedGc, exposedGc } from './idle-memory-release.ts';

const QUIET_MS = 30_000;

/** V8's real collector, as `--expose-gc` gives it, in this test's process (which was started without it). */
function realGc(): ExposedGc {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as ExposedGc;
}

function capturedLog() {
  const { stream, lines } = logLines();
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('giving memory back when idle', () => {
  it('collects once a quiet period has passed since the start, and again only after requests and a new quiet period', async () => {
    let now = Date.parse('2026-11-30T10:00:00Z');
    const clock = () => now;
    const advance = (ms: number) => {
      now += ms;
    };
    let lastRequestAt = clock();
    const { log, lines } = capturedLog();
    const job = createIdleMemoryRelease({
      gc: realGc(),
      lastRequestAt: () => lastRequestAt,
      quietMs: QUIET_MS,
      clock,
      log,
    });

    // Not yet quiet for a whole period since the start.
    advance(QUIET_MS - 1);
    expect(await job.runNow()).toEqual({ released: false, reason: 'busy' });
    // Quiet since the start: what starting left is given back.
    advance(1);
    const first = await job.runNow();
    expect(first).toMatchObject({ released: true });
    if (first.released) expect(first.rssAfter).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatchObject({
      msg: 'Idle: memory given back',
      rssBeforeMb: expect.any(Number),
      rssAfterMb: expect.any(Number),
    });
    // Still quiet, nothing served since: no collection, which would stop JavaScript for nothing.
    advance(QUIET_MS);
    expect(await job.runNow()).toEqual({ released: false, reason: 'nothing new' });

    // A request a moment ago: not now, another may follow.
    advance(1_000);
    lastRequestAt = clock();
    advance(QUIET_MS / 2);
    expect(await job.runNow()).toEqual({ released: false, reason: 'busy' });
    // A whole period since it: given back, once.
    advance(QUIET_MS / 2);
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
