import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { DEMO_CONTACT_CHANNELS, seedDemoContactChannels } from '../src/server/demo/seed.ts';
import { createContactChannelRepository } from '../src/server/features/contact-channels/repository.ts';
import {
  ensureBuild,
  formatRow,
  freePort,
  type LoadResult,
  load,
  startProcess,
  stopProcess,
  waitForUrl,
} from './lib.ts';

const ROUNDS = 3;
const ROUND_SECONDS = 6;

function median(sorted: number[]): number {
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * GET /api/contacts/active on the production build (seeded SQLite file) against a bare node:http server
 * returning the same bytes, measured in the same run so the machine's noise cancels out in the ratio.
 */
export async function benchActiveContacts(): Promise<{ app: LoadResult; bare: LoadResult; ratio: number }> {
  ensureBuild();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-bench-'));
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  const database = await openDatabase({ dialect: 'sqlite', filename: path.join(dir, 'bench.db') });
  await migrateToLatest(database);
  await seedDemoContactChannels(createContactChannelRepository(database.db));
  await database.close();

  const appPort = await freePort();
  const app = startProcess(process.execPath, ['dist/server/main.js'], {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: 'bench-password-not-used',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const appUrl = `http://127.0.0.1:${appPort}/api/contacts/active`;
  await waitForUrl(appUrl);
  const sample = await fetch(appUrl);
  const body = await sample.text();
  // Node adds these itself; every other header (security headers included) is copied.
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries([...sample.headers].filter(([name]) => !perConnection.has(name)));

  const bareBodyPort = await freePort();
  const bareBody = startProcess(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    PORT: String(bareBodyPort),
    BARE_BODY: body,
    BARE_HEADERS: JSON.stringify({ 'content-type': headers['content-type'] }),
  });
  const bareBodyUrl = `http://127.0.0.1:${bareBodyPort}/`;
  const barePort = await freePort();
  const bare = startProcess(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    PORT: String(barePort),
    BARE_BODY: body,
    BARE_HEADERS: JSON.stringify(headers),
  });
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  await waitForUrl(bareUrl);
  await waitForUrl(bareBodyUrl);

  try {
    // Warm both up (JIT, caches), then alternate so drift on the shared machine hits both alike.
    await load(appUrl, { durationSeconds: 2 });
    await load(bareUrl, { durationSeconds: 2 });
    await load(bareBodyUrl, { durationSeconds: 2 });
    // Paired rounds: each round measures all three back to back, and the ratio is taken per round, so a
    // slow spell on the shared machine lowers both sides of a ratio instead of one side of it.
    const rounds: { app: LoadResult; bare: LoadResult; bareBody: LoadResult }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bareResult = await load(bareUrl, { durationSeconds: ROUND_SECONDS });
      const appResult = await load(appUrl, { durationSeconds: ROUND_SECONDS });
      const bareBodyResult = await load(bareBodyUrl, { durationSeconds: ROUND_SECONDS });
      rounds.push({ app: appResult, bare: bareResult, bareBody: bareBodyResult });
    }
    const ratios = rounds
      .map((r) => r.app.requestsPerSecond / r.bare.requestsPerSecond)
      .sort((a, b) => a - b);
    const bodyOnlyRatios = rounds
      .map((r) => r.app.requestsPerSecond / r.bareBody.requestsPerSecond)
      .sort((a, b) => a - b);
    const ratio = median(ratios);
    const middle = rounds.find((r) => r.app.requestsPerSecond / r.bare.requestsPerSecond === ratio)!;
    console.log(
      `\nGET /api/contacts/active (${Buffer.byteLength(body)}-byte body, ${Object.keys(headers).length} headers, ` +
        `${DEMO_CONTACT_CHANNELS.length} channels, 50 connections, ${ROUNDS} paired rounds of ${ROUND_SECONDS} s; median round shown)`,
    );
    console.log(formatRow('bare node:http, same bytes', middle.bare));
    console.log(formatRow('bare node:http, same body only', middle.bareBody));
    console.log(formatRow('Sampark (production build)', middle.app));
    console.log(
      `ratio vs bare node:http, same bytes       ${ratio.toFixed(2)}   (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target >= 0.60)`,
    );
    console.log(
      `ratio vs bare node:http, same body only   ${median(bodyOnlyRatios).toFixed(2)}   (rounds: ${bodyOnlyRatios.map((r) => r.toFixed(2)).join(', ')})`,
    );
    const appResult = middle.app;
    const bareResult = middle.bare;
    return { app: appResult, bare: bareResult, ratio };
  } finally {
    await stopProcess(app);
    await stopProcess(bare);
    await stopProcess(bareBody);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
