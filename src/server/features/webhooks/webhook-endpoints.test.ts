import { describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '../../../shared/rules/webhooks.ts';
import { refusedDestinations } from '../../test-support/egress-targets.ts';
import {
  asAdmin,
  type CurrentTestApp,
  expectBadRequest,
  expectNotFound,
  signedInAppForEachTest,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

/** A public address written as one, so that saving looks nothing up. */
const PUBLIC_URL = 'https://93.184.215.14/hooks/sampark';
const UNKNOWN_ID = '0190a000-0000-7000-8000-0000000000ff';

const add = (t: CurrentTestApp & { cookie: string }, payload: Record<string, unknown>) =>
  t.app.inject(asAdmin(t.cookie, { method: 'POST', url: '/api/admin/webhooks', payload }));

describe.each(TEST_DIALECTS)('webhook endpoints (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  it('adds an endpoint with a secret shown once, lists it without the secret, changes and deletes it', async () => {
    const created = await add(t, {
      url: PUBLIC_URL,
      description: ' Our CRM ',
      events: ['inquiry.updated', 'inquiry.created'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { data, message } = created.json();
    expect(message).toBe(WEBHOOK_MESSAGES.created);
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(data.endpoint).toEqual({
      _id: expect.any(String),
      url: PUBLIC_URL,
      description: 'Our CRM',
      // In the order of the list of events, whatever order they came in.
      events: ['inquiry.created', 'inquiry.updated'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const other = await add(t, { url: PUBLIC_URL, events: ['post.published'] });
    expect(other.json().data.secret).not.toBe(data.secret);

    const list = await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/webhooks' }));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(data.secret);
    expect(list.json().endpoints.map((endpoint: { _id: string }) => endpoint._id)).toEqual([
      data.endpoint._id,
      other.json().data.endpoint._id,
    ]);

    const id = data.endpoint._id as string;
    const off = await t.app.inject(
      asAdmin(t.cookie, {
        method: 'PATCH',
        url: `/api/admin/webhooks/${id}`,
        payload: { enabled: false, events: ['inquiry.deleted'] },
      }),
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.updated,
      data: { enabled: false, events: ['inquiry.deleted'], url: PUBLIC_URL, description: 'Our CRM' },
    });

    const deleted = await t.app.inject(
      asAdmin(t.cookie, { method: 'DELETE', url: `/api/admin/webhooks/${id}` }),
    );
    expect(deleted.json()).toEqual({ success: true, message: WEBHOOK_MESSAGES.deleted });
    expectNotFound(
      await t.app.inject(asAdmin(t.cookie, { method: 'DELETE', url: `/api/admin/webhooks/${id}` })),
      WEBHOOK_MESSAGES.notFound,
    );
    expectNotFound(
      await t.app.inject(asAdmin(t.cookie, { url: `/api/admin/webhooks/${id}/deliveries` })),
      WEBHOOK_MESSAGES.notFound,
    );
  });

  it('turning an endpoint on again clears the failures that turned it off', async () => {
    const id = (await add(t, { url: PUBLIC_URL, events: ['inquiry.created'] })).json().data.endpoint._id;
    await t.database.db
      .updateTable('webhookEndpoints')
      .set({
        enabled: 0,
        failingSince: new Date(t.clock() - 25 * 60 * 60_000).toISOString(),
        disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures,
      })
      .where('id', '=', id)
      .execute();
    const listed = (await t.app.inject(asAdmin(t.cookie, { url: '/api/admin/webhooks' }))).json()
      .endpoints[0];
    expect(listed).toMatchObject({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures });
    expect(listed.failingSince).toEqual(expect.any(String));

    const on = await t.app.inject(
      asAdmin(t.cookie, { method: 'PATCH', url: `/api/admin/webhooks/${id}`, payload: { enabled: true } }),
    );
    expect(on.json().data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('takes https to a public address only: http, and loopback or private addresses, are refused', async () => {
    for (const [url, message] of [
      ['http://93.184.215.14/hook', WEBHOOK_MESSAGES.urlNotAllowed],
      ['http://127.0.0.1:8080/hook', WEBHOOK_MESSAGES.urlNotAllowed],
      ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://localhost/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://api.localhost/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://10.0.0.8/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[fd00::5]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::ffff:192.168.0.1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://user:pass@93.184.215.14/hook', WEBHOOK_MESSAGES.urlWithCredentials],
      ['ftp://93.184.215.14/hook', WEBHOOK_MESSAGES.urlNotAllowed],
      ['https://93.184.215.14:0/hook', WEBHOOK_MESSAGES.urlPort],
      ...refusedDestinations(8443).map((url) => [url, WEBHOOK_MESSAGES.privateAddress] as const),
    ] as const) {
      expectBadRequest(await add(t, { url, events: ['inquiry.created'] }), 'url', message);
    }
    const id = (await add(t, { url: PUBLIC_URL, events: ['inquiry.created'] })).json().data.endpoint._id;
    expectBadRequest(
      await t.app.inject(
        asAdmin(t.cookie, {
          method: 'PATCH',
          url: `/api/admin/webhooks/${id}`,
          payload: { url: 'https://127.0.0.1/hook' },
        }),
      ),
      'url',
      WEBHOOK_MESSAGES.privateAddress,
    );
    expectBadRequest(await add(t, { url: PUBLIC_URL, events: [] }), 'events', WEBHOOK_MESSAGES.noEvents);
  });

  it(`keeps at most ${WEBHOOK_ENDPOINTS_MAX} endpoints`, async () => {
    for (let index = 0; index < WEBHOOK_ENDPOINTS_MAX; index += 1) {
      expect((await add(t, { url: PUBLIC_URL, events: ['inquiry.created'] })).statusCode).toBe(201);
    }
    const refused = await add(t, { url: PUBLIC_URL, events: ['inquiry.created'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.tooMany);
  });

  it('answers 404 for an unknown endpoint or delivery', async () => {
    expectNotFound(
      await t.app.inject(
        asAdmin(t.cookie, { method: 'PATCH', url: `/api/admin/webhooks/${UNKNOWN_ID}`, payload: {} }),
      ),
      WEBHOOK_MESSAGES.notFound,
    );
    const id = (await add(t, { url: PUBLIC_URL, events: ['inquiry.created'] })).json().data.endpoint._id;
    expectNotFound(
      await t.app.inject(
        asAdmin(t.cookie, {
          method: 'POST',
          url: `/api/admin/webhooks/${id}/deliveries/${UNKNOWN_ID}/redeliver`,
        }),
      ),
      WEBHOOK_MESSAGES.deliveryNotFound,
    );
    const log = await t.app.inject(asAdmin(t.cookie, { url: `/api/admin/webhooks/${id}/deliveries` }));
    expect(log.json()).toEqual({ deliveries: [] });
  });
});

describe.each(TEST_DIALECTS)('webhook endpoints with WEBHOOKS_ALLOW_PRIVATE_HTTP (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect, { WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true' });

  it('takes http and https to loopback and private addresses, and still refuses http to a public one', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost:5678/webhook',
      'https://10.0.0.8/hook',
    ])
      expect((await add(t, { url, events: ['inquiry.created'] })).statusCode, url).toBe(201);
    expectBadRequest(
      await add(t, { url: 'http://93.184.215.14/hook', events: ['inquiry.created'] }),
      'url',
      WEBHOOK_MESSAGES.urlNotAllowed,
    );
  });
});
