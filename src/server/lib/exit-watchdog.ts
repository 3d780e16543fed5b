import { spawn } from 'node:child_process';

/**
 * The one code the watchdog runs, in a process of its own: after `ms` it kills the process that started it,
 * if that process is still its parent (a parent that already ended has handed it to another, and its number
 * may name someone else by then).
 */
const WATCHDOG = `
const [parent, ms] = process.argv.slice(1).map(Number);
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 250);
setTimeout(() => {
  if (process.ppid === parent) {
    try { process.kill(parent, 'SIGKILL'); } catch {}
  }
  process.exit(0);
}, ms);
`;

/**
 * Makes sure this process ends within `ms`, whatever its main thread is doing: a timer of the process itself
 * cannot fire while the main thread is stuck outside JavaScript (a native library's threads being joined at
 * exit, a lock), so a small process of its own kills it then (decision 018). Exiting normally before then
 * leaves the watchdog nothing to do; it ends on its own.
 */
export function startExitWatchdog(ms: number): void {
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(ms)], {
    stdio: 'ignore',
    detached: true,
  });
  watchdog.on('error', () => undefined);
  watchdog.unref();
}
