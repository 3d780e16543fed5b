// For a test: starts the app as the server entry does, answers one request, shuts down as on SIGTERM, and
// then does not call process.exit. The process ends by itself only if nothing the app started (a timer, a
// connection) is left running; if something is, it says what after LINGER_LIMIT_MS and exits 2.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const LINGER_LIMIT_MS = 5_000;

const app = await buildApp(loadConfig(), { announce: () => undefined });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
const status = await new Promise<number | undefined>((resolve, reject) =>
  http
    .get({ host: '127.0.0.1', port, path: '/api/ready', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    })
    .on('error', reject),
);
process.exitCode = status === 200 ? await app.gracefulShutdown.run('SIGTERM') : 3;
setTimeout(() => {
  console.log(JSON.stringify({ stillRunning: process.getActiveResourcesInfo() }));
  process.exit(2);
}, LINGER_LIMIT_MS).unref();
