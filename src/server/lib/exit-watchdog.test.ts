import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WATCHDOG_MODULE = path.join(import.meta.dirname, 'exit-watchdog.ts');

/** A Node process that starts the watchdog, says so, then runs `then` (code). */
function processWith(watchdogMs: number, then: string) {
  const code = `
    import { startExitWatchdog } from ${JSON.stringify(WATCHDOG_MODULE)};
    startExitWatchdog(${watchdogMs});
    console.log('watching');
    ${then}
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, started, exited };
}

describe('the exit watchdog', () => {
  it('ends a process whose main thread is stuck outside JavaScript, where its own timers never fire', async () => {
    // Atomics.wait blocks the main thread in a futex wait, as a native library joining its threads would.
    const stuck = processWith(
      500,
      'setTimeout(() => process.exit(3), 100); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);',
    );
    await stuck.started;
    const [code, signal] = await stuck.exited;
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('leaves a process that exits by itself alone', async () => {
    const quick = processWith(60_000, 'process.exit(0);');
    const [code, signal] = await quick.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});
