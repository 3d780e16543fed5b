import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServerProcesses, startServerProcess } from '../../test-support/server-process.ts';
import { TEST_INQUIRY } from '../../test-support/test-app.ts';
import { startWebhookReceiver } from '../../test-support/webhook-receiver.ts';

afterEach(killServerProcesses);

const OWNER = { email: 'owner@webhooks.example', password: 'webhook-restart-1' };
/** The acceptance's bound from a form post to the receiver (the worker looks 200 ms after a commit). */
const ARRIVAL_DEADLINE_MS = 5_000;

/** Resolves once `done()` holds, looking every 20 ms; rejects after `timeoutMs`. */
async function waitUntil(done: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

/** Signs in over HTTP as the first administrator: the session's Cookie header. */
async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(OWNER),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function postInquiry(origin: string, index: number): Promise<void> {
  const response = await fetch(`${origin}/api/contact-inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...TEST_INQUIRY,
      email: `sender${index}@example.com`,
      phone: `+91 98765 4${String(index).padStart(4, '0')}`,
      query: `Inquiry number ${index}`,
    }),
  });
  expect(response.status).toBe(201);
}

describe('webhooks across a crash', () => {
  // Two server processes start from the TypeScript sources, which takes long on a busy machine.
  it('delivers every event after kill -9 mid-delivery: at least once, each verified', {
    timeout: 180_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sampark-webhook-restart-'));
    const receiver = await startWebhookReceiver();
    const env = {
      DATABASE_URL: `file:${path.join(dir, 'sampark.db')}`,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true',
    };
    try {
      const first = startServerProcess(env);
      const origin = `http://127.0.0.1:${await first.port}`;
      const cookie = await signIn(origin);
      const added = await fetch(`${origin}/api/admin/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify({ url: receiver.url, events: ['inquiry.created'] }),
      });
      expect(added.status).toBe(201);
      receiver.setSecret(((await added.json()) as { data: { secret: string } }).data.secret);

      // The receiver holds every request open: the process is mid-send when it dies, and none of its
      // deliveries was acknowledged.
      receiver.answer(() => 'hang');
      const posted = performance.now();
      await postInquiry(origin, 1);
      const firstArrival = await waitUntil(
        () => receiver.received.length >= 1,
        ARRIVAL_DEADLINE_MS,
        'the first inquiry.created',
      );
      expect(firstArrival).toBeLessThanOrEqual(ARRIVAL_DEADLINE_MS);
      expect(performance.now() - posted).toBeLessThan(ARRIVAL_DEADLINE_MS + 1_000);
      expect(receiver.received[0]).toMatchObject({ type: 'inquiry.created', verified: true });
      for (let index = 2; index <= 6; index += 1) await postInquiry(origin, index);
      expect(receiver.held()).toBeGreaterThan(0);

      // The process dies with requests open and the other deliveries committed, waiting.
      first.child.kill('SIGKILL');
      await first.exited;

      receiver.answer((request) => ({ status: request.verified ? 204 : 400 }));
      const second = startServerProcess(env);
      try {
        await second.port;
        const queries = () => new Set(receiver.received.map(({ data }) => data.query));
        await waitUntil(() => queries().size === 6, 60_000, 'every inquiry.created after the restart');
        expect([...queries()].sort()).toEqual(
          [1, 2, 3, 4, 5, 6].map((index) => `Inquiry number ${index}`).sort(),
        );
        expect(receiver.received.every(({ verified, type }) => verified && type === 'inquiry.created')).toBe(
          true,
        );
        // At least once: a resent event has the id it had before the crash, so a receiver can drop it.
        const idsByInquiry = new Map<unknown, Set<string>>();
        for (const { id, data } of receiver.received) {
          idsByInquiry.set(data.id, (idsByInquiry.get(data.id) ?? new Set()).add(id));
        }
        expect([...idsByInquiry.values()].every((ids) => ids.size === 1)).toBe(true);
      } finally {
        second.terminate();
        await second.exited;
      }
    } finally {
      await receiver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
