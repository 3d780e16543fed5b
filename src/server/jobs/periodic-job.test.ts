import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob, type PeriodicJobOptions } from './periodic-job.ts';

const START = Date.UTC(2026, 10, 29, 6, 0, 0);

/** A run that ends when the test says so. */
function heldRun() {
  const calls: { release: () => void; fail: (error: Error) => void }[] = [];
  const run = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ release: resolve, fail: reject });
      }),
  );
  return { run, calls };
}

describe('a periodic job', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = <T>(overrides: Partial<PeriodicJobOptions<T>> & Pick<PeriodicJobOptions<T>, 'run'>) => {
    const log = { warn: vi.fn() };
    const job = createPeriodicJob<T>({
      name: 'test job',
      nextDelayMs: () => 1_000,
      clock: Date.now,
      log,
      ...overrides,
    });
    return { job, log };
  };

  it('runs once when asked, with its result, and plans nothing until started', async () => {
    const run = vi.fn(async () => 7);
    const { job } = setup({ run });
    expect(await job.runNow()).toBe(7);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at start, then after each next delay, computed after each run', async () => {
    const run = vi.fn(async () => {});
    // The start of the next minute, as the digests wait.
    const nextDelayMs = vi.fn((now: number) => 60_000 - (now % 60_000));
    vi.setSystemTime(START + 15_000);
    const { job } = setup({ run, nextDelayMs });
    await job.start();
    expect(run).toHaveBeenCalledTimes(1);
    expect(nextDelayMs).toHaveBeenLastCalledWith(START + 15_000, 'succeeded');
    await vi.advanceTimersByTimeAsync(45_000 - 1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(3);
    await job.stop();
  });

  it('waits firstDelayMs before its first run', async () => {
    const run = vi.fn(async () => {});
    const { job } = setup({ run, firstDelayMs: 5_000 });
    await job.start();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000 - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('logs a failed run and runs again at its next time, told of the failure', async () => {
    const run = vi.fn(async () => {});
    run.mockRejectedValueOnce(new Error('database is down'));
    const nextDelayMs = vi.fn((_now: number, outcome: string) => (outcome === 'failed' ? 500 : 1_000));
    const { job, log } = setup({ run, nextDelayMs });
    await job.start();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'test job', err: expect.any(Error) }),
      expect.stringContaining('test job failed'),
    );
    expect(nextDelayMs).toHaveBeenLastCalledWith(START, 'failed');
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(2);
    expect(nextDelayMs).toHaveBeenLastCalledWith(START + 500, 'succeeded');
    expect(log.warn).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('gives a failure of runNow to its caller', async () => {
    const { job, log } = setup({ run: async () => Promise.reject(new Error('refused')) });
    await expect(job.runNow()).rejects.toThrow('refused');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('never overlaps runs: one asked for during a run starts when it ends', async () => {
    const { run, calls } = heldRun();
    const { job } = setup({ run });
    const first = job.runNow();
    const second = job.runNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    calls[0]!.release();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    calls[1]!.release();
    await second;
  });

  it('does not start a timed run while one asked for is under way', async () => {
    const { run, calls } = heldRun();
    const { job } = setup({ run, firstDelayMs: 1_000 });
    await job.start();
    const asked = job.runNow();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    calls[0]!.release();
    await asked;
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    calls[1]!.release();
    await job.stop();
  });

  it('stop waits for the run under way, then plans no further run; stopping twice is harmless', async () => {
    const { run, calls } = heldRun();
    const { job } = setup({ run, firstDelayMs: 1_000 });
    await job.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    calls[0]!.release();
    await stopping;
    expect(stopped).toBe(true);
    await job.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts once however often start is called, and starts again after a stop', async () => {
    const run = vi.fn(async () => {});
    const { job } = setup({ run });
    await job.start();
    await job.start();
    expect(run).toHaveBeenCalledTimes(1);
    await job.stop();
    await job.start();
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(3);
    await job.stop();
  });

  it('does not keep the process alive', async () => {
    const { job } = setup({ run: async () => {}, firstDelayMs: 1_000 });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    await job.start();
    const timer = setTimeoutSpy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    setTimeoutSpy.mockRestore();
    await job.stop();
  });
});
