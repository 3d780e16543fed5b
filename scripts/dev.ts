/**
 * `npm run dev`: the local development loop on http://localhost:3000 (or PORT).
 *
 * Three child processes, stopped together on Ctrl-C:
 * - `vite build --watch` for the browser bundles (.tmp/dev/web/client),
 * - `vite build --watch --ssr` for the server-rendering bundle (.tmp/dev/web/server),
 * - `tsx watch src/server/main.ts` with NODE_ENV=development: restarts on server changes, and in development
 *   the server reloads the page template and the rendering bundle whenever a rebuild replaces them.
 * After a web change, reload the page in the browser once the rebuild is logged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const FIRST_BUILD_TIMEOUT_MS = 120_000;
const POLL_INTERVAL_MS = 200;

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
// Development bundles go to their own folder, so that `npm start` never serves them by accident.
const webDir = path.join(root, '.tmp/dev/web');
const builtFiles = [path.join(webDir, 'client/index.html'), path.join(webDir, 'server/entry-server.js')];

const children = new Map<string, ChildProcess>();
let stopping = false;

function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  const exitWhenDone = setInterval(() => {
    if ([...children.values()].every((child) => child.exitCode !== null || child.signalCode !== null)) {
      clearInterval(exitWhenDone);
      process.exit(exitCode);
    }
  }, 100);
  // Should a child ignore SIGTERM, do not hang the terminal.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5_000).unref();
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    stopAll(code || 1);
  });
}

async function waitForFreshBuild(since: number): Promise<void> {
  const deadline = Date.now() + FIRST_BUILD_TIMEOUT_MS;
  const fresh = (file: string) => fs.existsSync(file) && fs.statSync(file).mtimeMs >= since;
  while (!builtFiles.every(fresh)) {
    if (stopping) return;
    if (Date.now() > deadline) {
      console.error('[dev] the first web build did not finish in time; see the messages above.');
      stopAll(1);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));

// Development React in the browser bundle: readable errors and hydration-mismatch details in the console.
const buildEnv = { NODE_ENV: 'development' };
const startedAt = Date.now();
start('web client build', [vite, 'build', '--watch', '--outDir', path.join(webDir, 'client')], buildEnv);
start(
  'web server build',
  [vite, 'build', '--watch', '--ssr', 'src/web/entry-server.tsx', '--outDir', path.join(webDir, 'server')],
  buildEnv,
);
await waitForFreshBuild(startedAt);
if (!stopping) {
  start('server', [tsx, 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    NODE_ENV: 'development',
    WEB_DIST_DIR: webDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });
  console.log(`[dev] Sampark is starting on http://localhost:${process.env.PORT ?? 3000}`);
}
