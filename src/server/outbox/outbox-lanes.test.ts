import { createECDH, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  asAdmin,
  createAdmin,
  createRunningTestClock,
  createTestApp,
  postInquiry,
  signIn,
  TEST_DIALECTS,
  TEST_INQUIRY,
  type TestApp,
} from '../test-support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.ts';

const INQUIRIES = 40;
/** Devices at the push service that never answers, across two users (each may have at most 10). */
const DEAD_DEVICES = 16;
/**
 * How long a webhook or push waits for its receiver here: several seconds, as in production (10 s), so that
 * what the test shows is the lanes keeping the healthy receiver apart, not short timeouts.
 */
const SEND_TIMEOUT_MS = 5_000;

/** A browser's subscription keys, real ones: web-push encrypts every message for them before sending. */
function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** The nearest-rank percentile of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe.each(TEST_DIALECTS)('fair lanes in the outbox (%s)', (dialect) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  const receiver = async (t: TestApp) => {
    const started = await startWebhookReceiver({ now: t.clock });
    cleanUps.push(() => started.close());
    return started;
  };

  const addEndpoint = async (t: TestApp, cookie: string, to: WebhookReceiver) => {
    const response = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/admin/webhooks',
        payload: { url: to.url, events: ['inquiry.created'] },
      }),
    );
    expect(response.statusCode).toBe(201);
    to.setSecret(response.json().data.secret);
  };

  it(`a webhook and ${DEAD_DEVICES} push devices that never answer leave a healthy webhook's deliveries on time`, {
    timeout: 180_000,
  }, async () => {
    const t = await createTestApp(
      dialect,
      {
        WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true',
        INQUIRY_LIMIT_PER_HOUR: '100000',
        INQUIRY_LIMIT_PER_SENDER_PER_HOUR: '100000',
        INQUIRY_CHALLENGE_AFTER_PER_HOUR: '100000',
      },
      // Real time: the lanes' pauses and the retries run as in production while the worker runs.
      { clock: createRunningTestClock(), webhookTimeoutMs: SEND_TIMEOUT_MS, pushTimeoutMs: SEND_TIMEOUT_MS },
    );
    cleanUps.push(() => t.close());
    const healthy = await receiver(t);
    const silent = await receiver(t);
    silent.answer(() => 'hang');
    // A push service on 127.0.0.1 that takes every request and never answers.
    const deadPush = await receiver(t);
    deadPush.answer(() => 'hang');

    await createAdmin(t.database);
    const owner = await signIn(t.app);
    const agent = { email: 'agent@example.com', password: 'another horse battery', role: 'agent' as const };
    await createAdmin(t.database, agent);
    const cookies = [owner, await signIn(t.app, agent)];
    await addEndpoint(t, owner, silent);
    await addEndpoint(t, owner, healthy);
    for (let i = 0; i < DEAD_DEVICES; i += 1) {
      const added = await t.app.inject(
        asAdmin(cookies[i % 2], {
          method: 'POST',
          url: '/api/admin/profile/devices',
          payload: { endpoint: `${deadPush.url}/device-${i}`, keys: subscriptionKeys(), name: `Phone ${i}` },
        }),
      );
      expect(added.statusCode).toBe(201);
    }

    // The worker runs as in production (started with the app, nudged by each inquiry), never drained here.
    // Each inquiry waits for the one before to reach the healthy receiver, so every latency is measured
    // while the dead receivers' backlog grows by 17 sends an inquiry.
    const latencies: number[] = [];
    for (let i = 0; i < INQUIRIES; i += 1) {
      const sentAt = performance.now();
      const response = await t.app.inject(
        postInquiry({
          ...TEST_INQUIRY,
          email: `sender${i}@example.com`,
          phone: `+91 98765 4${String(i).padStart(4, '0')}`,
          query: `Inquiry number ${i}`,
        }),
      );
      expect(response.statusCode).toBe(201);
      const inquiryId = response.json().data._id as string;
      const arrived = () => healthy.received.find(({ data }) => data.id === inquiryId);
      await expect.poll(() => arrived(), { timeout: 60_000, interval: 20 }).toBeDefined();
      latencies.push(arrived()!.arrivedAt - sentAt);
    }

    const p95 = percentile(latencies, 95);
    console.info(
      `${dialect}: healthy webhook p50 ${Math.round(percentile(latencies, 50))} ms, p95 ${Math.round(p95)} ms, ` +
        `max ${Math.round(Math.max(...latencies))} ms over ${INQUIRIES} inquiries`,
    );
    expect(p95).toBeLessThan(2_000);
    expect(healthy.received.every(({ verified }) => verified)).toBe(true);
    // The dead receivers were reached, and each held at most its lane's share at once: 2 sends, however many
    // devices and deliveries waited for it.
    expect(silent.received.length).toBeGreaterThan(0);
    expect(deadPush.received.length).toBeGreaterThan(0);
    expect(silent.mostHeld()).toBeLessThanOrEqual(2);
    expect(deadPush.mostHeld()).toBeLessThanOrEqual(2);
    // What the dead receivers could not take waits, pending, for its lane: none of it was given up.
    const outbox = await t.database.db
      .selectFrom('notificationOutbox')
      .select(['kind', 'status'])
      .where('kind', 'in', ['push', 'webhook'])
      .execute();
    expect(outbox.filter(({ status }) => status === 'failed')).toEqual([]);
    expect(outbox.filter(({ kind, status }) => kind === 'push' && status === 'pending')).toHaveLength(
      INQUIRIES * DEAD_DEVICES,
    );
  });
});
