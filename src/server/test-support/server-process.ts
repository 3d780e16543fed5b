import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface ServerProcess {
  child: ChildProcess;
  /** The port from the "Server listening" log line; rejects if the process exits first. */
  port: Promise<number>;
  /** Resolves with the first match in stdout and stderr together; rejects if the process exits first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Exit code (null when killed by a signal) and the moment of exit (performance.now()). */
  exited: Promise<{ code: number | null; at: number }>;
  /** Everything written so far, stdout and stderr interleaved. */
  output(): string;
  /** The JSON log lines written to stdout so far. */
  logLines(): Record<string, unknown>[];
  /** Sends SIGTERM; returns when it was sent (performance.now()). */
  terminate(): number;
}

const running = new Set<ChildProcess>();

/** Kills every server process a test left running: call from afterEach. */
export function killServerProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/**
 * The real server entry (`src/server/main.ts`, or another `entry`) in a process of its own, on a free port of 127.0.0.1, with a
 * SQLite database in a new temporary directory and no web build unless WEB_DIST_DIR says otherwise; `nodeFlags`
 * go to Node.js before the entry.
 */
export function startServerProcess(
  env: Record<string, string> = {},
  { entry = 'src/server/main.ts', nodeFlags = [] }: { entry?: string; nodeFlags?: readonly string[] } = {},
): ServerProcess {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-main-'));
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], {
    env: {
      ...process.env,
      DATABASE_URL: `file:${dir}/db.sqlite`,
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST_DIR: dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let stdout = '';
  const waiters = new Set<() => void>();
  const collect = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    output += chunk;
    if (stream === 'stdout') stdout += chunk;
    for (const check of waiters) check();
  };
  child.stdout!.on('data', collect('stdout'));
  child.stderr!.on('data', collect('stderr'));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => {
      const at = performance.now();
      running.delete(child);
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({ code, at });
    }),
  );
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (!match) return;
        waiters.delete(check);
        resolve(match);
      };
      waiters.add(check);
      check();
      void exited.then(() => {
        if (waiters.delete(check)) reject(new Error(`server exited before ${pattern}:\n${output}`));
      });
    });
  const port = waitFor(/"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/).then(([, port]) =>
    Number(port),
  );
  // A process that is meant to fail at start never listens: only a test that awaits the port learns of it.
  port.catch(() => undefined);
  return {
    child,
    port,
    waitFor,
    exited,
    output: () => output,
    logLines: () =>
      stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    terminate() {
      const at = performance.now();
      child.kill('SIGTERM');
      return at;
    },
  };
}
