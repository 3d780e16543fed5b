import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../shared/rules/webhooks.ts';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_MESSAGES } from '../../../shared/rules/webhooks.ts';
import { MINUTE_MS } from '../../../shared/time.ts';
import { toIso } from '../../db/values.ts';
import { refusedDestinations, startConnectionCounter } from '../../test-support/egress-targets.ts';
import { startSmtpServer } from '../../test-support/smtp-test-server.ts';
import {
  asAdmin,
  createAdmin,
  createMember,
  createTestApp,
  postInquiry,
  signIn,
  TEST_ADMIN,
  TEST_DIALECTS,
  TEST_INQUIRY,
  type TestApp,
  type TestAppOptions,
} from '../../test-support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { WEBHOOK_USER_AGENT } from './webhook-delivery.ts';

describe.each(TEST_DIALECTS)('webhook deliveries (%s)', (dialect) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  /** An app allowed to reach the receiver on 127.0.0.1, an administrator signed in, and a receiver. */
  const setUp = async (env: Record<string, string> = {}, options: TestAppOptions = {}) => {
    const t = await createTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true', ...env }, options);
    cleanUps.push(() => t.close());
    const receiver = await startWebhookReceiver({ now: t.clock });
    cleanUps.push(() => receiver.close());
    await createAdmin(t.database);
    const cookie = await signIn(t.app);
    return { t, receiver, cookie };
  };

  const addEndpoint = async (
    { t, receiver, cookie }: { t: TestApp; receiver: WebhookReceiver; cookie: string },
    events: WebhookEvent[],
    url = receiver.url,
  ) => {
    const response = await t.app.inject(
      asAdmin(cookie, { method: 'POST', url: '/api/admin/webhooks', payload: { url, events } }),
    );
    expect(response.statusCode).toBe(201);
    const { endpoint, secret } = response.json().data;
    receiver.setSecret(secret);
    return endpoint._id as string;
  };

  const submitInquiry = async (t: TestApp, payload?: object) => {
    const response = await t.app.inject(postInquiry(payload));
    expect(response.statusCode).toBe(201);
    const rows = await t.database.db.selectFrom('contactInquiries').select('id').orderBy('seq').execute();
    return rows.at(-1)!.id;
  };

  const deliveries = async (t: TestApp, cookie: string, endpointId: string) => {
    const response = await t.app.inject(
      asAdmin(cookie, { url: `/api/admin/webhooks/${endpointId}/deliveries` }),
    );
    expect(response.statusCode).toBe(200);
    return response.json().deliveries as Record<string, unknown>[];
  };

  it('POSTs a new inquiry, signed, to the receiver, which verifies it; the log shows the delivery', async () => {
    const setup = await setUp();
    const { t, receiver, cookie } = setup;
    const endpointId = await addEndpoint(setup, ['inquiry.created']);
    const inquiryId = await submitInquiry(t);
    await t.app.notificationOutbox.drain();

    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    expect(webhook!.verified).toBe(true);
    expect(webhook!.type).toBe('inquiry.created');
    expect(webhook!.data).toMatchObject({
      id: inquiryId,
      name: TEST_INQUIRY.name,
      email: TEST_INQUIRY.email,
      query: TEST_INQUIRY.query,
      status: 'new',
      isRead: false,
      assignee: null,
    });
    expect(webhook!.data).not.toHaveProperty('_id');
    expect(webhook!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'sampark-event': 'inquiry.created',
      'sampark-delivery': expect.any(String),
      'sampark-signature': expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/),
    });
    const log = await deliveries(t, cookie, endpointId);
    expect(log).toEqual([
      expect.objectContaining({
        _id: webhook!.headers['sampark-delivery'],
        event: 'inquiry.created',
        status: 'delivered',
        attempts: 1,
        responseStatus: 204,
        durationMs: expect.any(Number),
        lastError: null,
      }),
    ]);
  });

  it('tries again after a 500, with the same event id, once the backoff has passed', async () => {
    const setup = await setUp();
    const { t, receiver, cookie } = setup;
    const endpointId = await addEndpoint(setup, ['inquiry.created']);
    let answered = 0;
    receiver.answer((request) => ({ status: answered++ === 0 ? 500 : request.verified ? 200 : 400 }));
    await submitInquiry(t);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(t, cookie, endpointId))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      lastError: 'The receiver answered 500',
    });
    const [endpoint] = (await t.app.inject(asAdmin(cookie, { url: '/api/admin/webhooks' }))).json().endpoints;
    expect(endpoint.failingSince).toBe(new Date(t.clock()).toISOString());

    // Not before its wait is over.
    t.clock.advance(MINUTE_MS - 1);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(1);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.verified).toBe(true);
    expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);
    expect(receiver.received[1]!.headers['sampark-delivery']).toBe(
      receiver.received[0]!.headers['sampark-delivery'],
    );
    expect((await deliveries(t, cookie, endpointId))[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 200,
      lastError: null,
    });
    const [after] = (await t.app.inject(asAdmin(cookie, { url: '/api/admin/webhooks' }))).json().endpoints;
    expect(after.failingSince).toBeNull();

    // Redelivered by hand: the same body and event id, signed anew.
    const deliveryId = receiver.received[0]!.headers['sampark-delivery'];
    const redelivered = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: `/api/admin/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`,
      }),
    );
    expect(redelivered.statusCode).toBe(202);
    expect(redelivered.json().message).toBe(WEBHOOK_MESSAGES.redelivered);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]).toMatchObject({ id: receiver.received[0]!.id, verified: true });
    expect((await deliveries(t, cookie, endpointId))[0]).toMatchObject({ status: 'delivered', attempts: 3 });
  });

  it("keeps one inquiry's events in order: an update waits while its creation is failing, and follows it", async () => {
    const setup = await setUp();
    const { t, receiver, cookie } = setup;
    await addEndpoint(setup, ['inquiry.created', 'inquiry.updated', 'inquiry.deleted']);
    let createdFails = true;
    receiver.answer((request) => ({
      status: request.type === 'inquiry.created' && createdFails ? 500 : 204,
    }));
    const inquiryId = await submitInquiry(t);
    await t.app.notificationOutbox.drain();
    expect(receiver.received.map(({ type }) => type)).toEqual(['inquiry.created']);

    const changed = await t.app.inject(
      asAdmin(cookie, {
        method: 'PATCH',
        url: `/api/contact-inquiries/${inquiryId}/status`,
        payload: { status: 'in-progress' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    await t.app.notificationOutbox.drain();
    // Its delivery is written, and waits: the creation has not reached the receiver yet.
    expect(receiver.received.map(({ type }) => type)).toEqual(['inquiry.created']);
    const waiting = await t.database.db
      .selectFrom('webhookDeliveries')
      .select(['event', 'status', 'attempts'])
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    expect(waiting).toEqual([
      { event: 'inquiry.created', status: 'pending', attempts: 1 },
      { event: 'inquiry.updated', status: 'pending', attempts: 0 },
    ]);

    createdFails = false;
    t.clock.advance(MINUTE_MS);
    await t.app.notificationOutbox.drain();
    expect(receiver.received.map(({ type }) => type)).toEqual([
      'inquiry.created',
      'inquiry.created',
      'inquiry.updated',
    ]);
    expect(receiver.received[2]!.data).toMatchObject({ id: inquiryId, status: 'in-progress' });

    // Read, a note, and the deletion, which carries the inquiry as it was.
    for (const options of [
      { method: 'PATCH', url: `/api/contact-inquiries/${inquiryId}/read` },
      { method: 'POST', url: `/api/contact-inquiries/${inquiryId}/notes`, payload: { body: 'Called back' } },
      { method: 'DELETE', url: `/api/contact-inquiries/${inquiryId}` },
    ] as const) {
      expect((await t.app.inject(asAdmin(cookie, options))).statusCode).toBeLessThan(300);
    }
    await t.app.notificationOutbox.drain();
    expect(receiver.received.slice(3).map(({ type, data }) => [type, data.isRead])).toEqual([
      ['inquiry.updated', true],
      ['inquiry.updated', true],
      ['inquiry.deleted', true],
    ]);
    expect(receiver.received.at(-1)!.data).toMatchObject({
      id: inquiryId,
      name: TEST_INQUIRY.name,
      status: 'in-progress',
    });
    expect(receiver.received.every(({ verified }) => verified)).toBe(true);
  });

  it('tells of a published post and a deleted member, only to the endpoints that chose them', async () => {
    const setup = await setUp();
    const { t, receiver, cookie } = setup;
    await addEndpoint(setup, ['post.published', 'member.deleted']);
    const draft = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: {
          title: 'Festive hours',
          description: 'When we are open this Diwali',
          content: 'We are open every day.',
          slug: 'festive-hours',
          isPublished: false,
        },
      }),
    );
    expect(draft.statusCode).toBe(201);
    const post = draft.json().data;
    await submitInquiry(t);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toEqual([]);

    const published = await t.app.inject(
      asAdmin(cookie, {
        method: 'PUT',
        url: `/api/blogs/${post._id}`,
        payload: {
          title: 'Festive hours',
          description: 'When we are open this Diwali',
          content: 'We are open every day.',
          slug: 'festive-hours',
          isPublished: true,
        },
      }),
    );
    expect(published.statusCode).toBe(200);
    const memberId = await createMember(t.database);
    expect(
      (await t.app.inject(asAdmin(cookie, { method: 'DELETE', url: `/api/members/${memberId}` }))).statusCode,
    ).toBe(200);
    await t.app.notificationOutbox.drain();
    // Of different subjects, so in no particular order.
    const byType = [...receiver.received].sort((a, b) => b.type.localeCompare(a.type));
    expect(byType.map(({ type, data }) => [type, data])).toEqual([
      [
        'post.published',
        {
          id: post._id,
          title: 'Festive hours',
          slug: 'festive-hours',
          language: 'en',
          url: 'http://localhost:3000/blog/festive-hours',
          publishedAt: expect.any(String),
        },
      ],
      ['member.deleted', { id: memberId }],
    ]);

    // Published at its scheduled time by the sweep: told too.
    const scheduled = await t.app.inject(
      asAdmin(cookie, {
        method: 'POST',
        url: '/api/blogs',
        payload: {
          title: 'New year hours',
          description: 'When we are open on the first',
          content: 'Open from noon.',
          slug: 'new-year-hours',
          isPublished: false,
          scheduledAt: new Date(t.clock() + 60 * MINUTE_MS).toISOString(),
        },
      }),
    );
    expect(scheduled.statusCode).toBe(201);
    t.clock.advance(60 * MINUTE_MS);
    expect(await t.app.jobs.scheduledPublishing.runNow()).toBe(1);
    await t.app.notificationOutbox.drain();
    expect(receiver.received.at(-1)).toMatchObject({
      type: 'post.published',
      verified: true,
      data: {
        id: scheduled.json().data._id,
        slug: 'new-year-hours',
        url: 'http://localhost:3000/blog/new-year-hours',
      },
    });
    expect(receiver.received).toHaveLength(3);
  });

  it('does not follow a redirect: a 3xx is a failure', async () => {
    const setup = await setUp();
    const { t, receiver, cookie } = setup;
    const elsewhere = await startWebhookReceiver();
    cleanUps.push(() => elsewhere.close());
    const endpointId = await addEndpoint(setup, ['inquiry.created']);
    receiver.answer(() => ({ status: 307, headers: { location: elsewhere.url } }));
    await submitInquiry(t);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
    expect((await deliveries(t, cookie, endpointId))[0]).toMatchObject({
      status: 'pending',
      responseStatus: 307,
      lastError: 'Redirects are not followed (status 307)',
    });
  });

  it('gives up an attempt that gets no answer in time, and tries again later', async () => {
    const setup = await setUp({}, { webhookTimeoutMs: 300 });
    const { t, receiver, cookie } = setup;
    const endpointId = await addEndpoint(setup, ['inquiry.created']);
    receiver.answer(() => 'hang');
    await submitInquiry(t);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await deliveries(t, cookie, endpointId);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      lastError: 'No answer within 0.3 s',
    });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('a receiver that never answers holds back neither another endpoint nor the next inquiries', async () => {
    const setup = await setUp({}, { webhookTimeoutMs: 30_000 });
    const { t, receiver, cookie } = setup;
    const silent = await startWebhookReceiver({ now: t.clock });
    cleanUps.push(() => silent.close());
    silent.answer(() => 'hang');
    const silentId = await addEndpoint({ t, receiver: silent, cookie }, ['inquiry.created']);
    await addEndpoint(setup, ['inquiry.created']);

    // The worker, nudged by the form, not drained by the test: a drain would wait for the silent receiver.
    await submitInquiry(t);
    await expect.poll(() => receiver.received.length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => silent.held(), { timeout: 5_000 }).toBe(1);
    const changed = await t.app.inject(
      asAdmin(cookie, {
        method: 'PATCH',
        url: `/api/admin/webhooks/${silentId}`,
        payload: { events: ['post.published'] },
      }),
    );
    expect(changed.statusCode).toBe(200);
    await submitInquiry(t, { ...TEST_INQUIRY, email: 'next@example.com', phone: '+91 98765 33333' });
    await expect.poll(() => receiver.received.length, { timeout: 5_000 }).toBe(2);
    expect(silent.held()).toBe(1);
  });

  it('sends nothing to a loopback or special address without WEBHOOKS_ALLOW_PRIVATE_HTTP, however it was saved', async () => {
    const t = await createTestApp(dialect);
    cleanUps.push(() => t.close());
    const counter = await startConnectionCounter();
    cleanUps.push(() => counter.close());
    // Rows written as an endpoint saved before the guard would be (or a name that resolved elsewhere when it
    // was saved: DNS rebinding): only the check at delivery stands between them and this machine.
    const urls = [
      ...refusedDestinations(counter.port),
      `https://93.184.215.14:0/hook`,
      `http://127.0.0.1:${counter.port}/hook`,
    ];
    for (const url of urls) {
      await t.database.db
        .insertInto('webhookEndpoints')
        .values({
          id: crypto.randomUUID(),
          url,
          events: JSON.stringify(['inquiry.created']),
          secret: 'whsec_test',
          createdAt: new Date(t.clock()).toISOString(),
          updatedAt: new Date(t.clock()).toISOString(),
        })
        .execute();
    }
    await submitInquiry(t);
    await t.app.notificationOutbox.drain();
    expect(counter.connections()).toBe(0);
    const rows = await t.database.db
      .selectFrom('webhookDeliveries')
      .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
      .select(['webhookEndpoints.url', 'webhookDeliveries.status', 'webhookDeliveries.lastError'])
      .execute();
    const lastErrorOf = (url: string) => rows.find((row) => row.url === url)?.lastError;
    expect(rows).toHaveLength(urls.length);
    for (const row of rows) expect(row.status, row.url).toBe('pending');
    for (const url of refusedDestinations(counter.port)) {
      expect(lastErrorOf(url), url).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    expect(lastErrorOf('https://93.184.215.14:0/hook')).toBe(WEBHOOK_MESSAGES.urlPort);
    expect(lastErrorOf(`http://127.0.0.1:${counter.port}/hook`)).toBe(WEBHOOK_MESSAGES.urlNotAllowed);
  });

  it('turns an endpoint off after a day of failures, gives up what waits, and emails the administrators', async () => {
    const smtp = await startSmtpServer();
    cleanUps.push(() => smtp.close());
    const setup = await setUp({ SMTP_URL: smtp.url });
    const { t, receiver } = setup;
    const agent = { email: 'agent@example.com', password: 'agent password 12' };
    await createAdmin(t.database, { ...agent, role: 'agent' });
    const second = { email: 'second-admin@example.com', password: 'second password 12' };
    await createAdmin(t.database, second);
    const endpointId = await addEndpoint(setup, ['inquiry.created']);
    receiver.answer(() => ({ status: 503 }));

    await submitInquiry(t);
    await t.app.notificationOutbox.drain();
    const started = t.clock();
    let laterInquiry = false;
    // Through the retries until a day has passed since the first failure.
    while (t.clock() - started < WEBHOOK_DISABLE_AFTER_MS) {
      const next = await t.database.db
        .selectFrom('notificationOutbox')
        .select('nextAttemptAt')
        .where('kind', '=', 'webhook')
        .where('status', '=', 'pending')
        .orderBy('nextAttemptAt')
        .executeTakeFirst();
      if (!next) break;
      t.clock.advance(Math.max(0, Date.parse(toIso(next.nextAttemptAt)) - t.clock()));
      if (!laterInquiry && t.clock() - started > 12 * 60 * MINUTE_MS) {
        // A second inquiry half-way: its delivery is still waiting when the endpoint goes off.
        laterInquiry = true;
        await submitInquiry(t, { ...TEST_INQUIRY, email: 'other@example.com', phone: '+91 98765 11111' });
      }
      await t.app.notificationOutbox.drain();
    }
    // A day later the session has ended: sign in again.
    let cookie = await signIn(t.app);
    const [endpoint] = (await t.app.inject(asAdmin(cookie, { url: '/api/admin/webhooks' }))).json().endpoints;
    expect(endpoint).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures,
    });
    const log = await deliveries(t, cookie, endpointId);
    expect(log.map(({ status }) => status)).toEqual(['failed', 'failed']);
    // Besides the inquiries' emails and the security notice of the new webhook, the alert to each
    // administrator (not to the agent).
    const alertsIn = () => smtp.received.filter(({ mail }) => mail.subject?.includes('was turned off'));
    await expect.poll(() => alertsIn().length, { timeout: 10_000 }).toBe(2);
    const alerts = alertsIn();
    expect(alerts.flatMap(({ to }) => to).sort()).toEqual([second.email, TEST_ADMIN.email].sort());
    expect(alerts[0]!.mail.text).toContain(receiver.url);

    // Off: a new inquiry writes no delivery, and nothing more reaches the receiver.
    const before = receiver.received.length;
    await submitInquiry(t, { ...TEST_INQUIRY, email: 'third@example.com', phone: '+91 98765 22222' });
    t.clock.advance(3 * 60 * MINUTE_MS);
    await t.app.notificationOutbox.drain();
    expect(receiver.received).toHaveLength(before);
    cookie = await signIn(t.app);
    expect(await deliveries(t, cookie, endpointId)).toHaveLength(2);

    // On again: failures cleared; a redelivery goes out.
    const on = await t.app.inject(
      asAdmin(cookie, {
        method: 'PATCH',
        url: `/api/admin/webhooks/${endpointId}`,
        payload: { enabled: true },
      }),
    );
    expect(on.json().data).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
  });
});
