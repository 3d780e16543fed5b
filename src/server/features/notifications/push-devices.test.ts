import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushDevice } from '../../../shared/contracts/push-devices.ts';
import { inquiryPath } from '../../../shared/pages/admin-paths.ts';
import { MAX_PUSH_DEVICES_PER_USER, PUSH_DEVICE_LIMIT_MESSAGE } from '../../../shared/rules/push-devices.ts';
import {
  type LocalPushService,
  type LocalSubscription,
  startLocalPushService,
} from '../../test-support/push-service.ts';
import {
  asAdmin,
  createAdmin,
  createTestInstances,
  expectAuthenticationRequired,
  expectBadRequest,
  expectNotFound,
  signedInAppForEachTest,
  signIn,
  TEST_DIALECTS,
  TEST_INQUIRY,
  TEST_ORIGIN,
} from '../../test-support/test-app.ts';
import { PUSH_BODY_MAX_LENGTH } from './inquiry-push.ts';

const DEVICES = '/api/admin/profile/devices';
// A subscription as Chrome sends it: an FCM endpoint and base64url keys of the right lengths.
const CHROME_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdC1kZXZpY2U:APA91bH',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};
const OTHER_ADMIN = { email: 'helper@example.com', password: 'another horse battery' };

describe.each(TEST_DIALECTS)('VAPID keys on several instances (%s)', (dialect) => {
  it('are made once: instances starting together on one database sign with the same key', async () => {
    const instances = await createTestInstances(dialect, 2);
    try {
      const cookies = await Promise.all(
        instances.apps.map(async (app, i) => {
          const admin = { email: `owner${i}@example.com`, password: 'correct horse battery' };
          await createAdmin(instances.database, admin);
          return signIn(app, admin);
        }),
      );
      const keys = await Promise.all(
        instances.apps.map(async (app, i) => {
          const response = await app.inject(
            asAdmin(cookies[i], { method: 'GET', url: '/api/admin/push/public-key' }),
          );
          return response.json<{ publicKey: string }>().publicKey;
        }),
      );
      expect(keys[0]).toMatch(/^B[\w-]{86}$/);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      await instances.close();
    }
  });
});

describe.each(TEST_DIALECTS)('push devices API (%s)', (dialect) => {
  // The local push service is plain http on 127.0.0.1: the development switch lets push reach it.
  const t = signedInAppForEachTest(dialect, { WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true' });
  let pushService: LocalPushService;
  beforeAll(async () => {
    pushService = await startLocalPushService();
  });
  afterAll(() => pushService.stop());

  const call = (options: InjectOptions, cookie = t.cookie) => t.app.inject(asAdmin(cookie, options));
  const publicKey = async () => {
    const response = await call({ method: 'GET', url: '/api/admin/push/public-key' });
    expect(response.statusCode).toBe(200);
    return response.json<{ publicKey: string }>().publicKey;
  };
  const addDevice = (payload: object, cookie = t.cookie) =>
    call({ method: 'POST', url: DEVICES, payload }, cookie);
  const listDevices = async (cookie = t.cookie) => {
    const response = await call({ method: 'GET', url: DEVICES }, cookie);
    expect(response.statusCode).toBe(200);
    return response.json<{ devices: PushDevice[] }>().devices;
  };
  /** A browser subscribed at the local push service for the server's key, and added as a device. */
  const subscribedDevice = async (name = 'Chrome on Android') => {
    const subscription = await pushService.subscribe(await publicKey());
    const { endpoint, keys } = subscription;
    const response = await addDevice({ endpoint, keys, name });
    expect(response.statusCode).toBe(201);
    return { subscription, device: response.json<{ device: PushDevice }>().device };
  };
  const parsedMessages = async (subscription: LocalSubscription) =>
    (await pushService.messages(subscription)).map((message) => JSON.parse(message) as unknown);
  const postInquiry = async (overrides: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact-inquiries',
      headers: { origin: TEST_ORIGIN },
      payload: { ...TEST_INQUIRY, ...overrides },
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { _id: string } }>().data._id;
  };

  it('makes one VAPID key pair at first start and keeps it in the database', async () => {
    const key = await publicKey();
    // An uncompressed P-256 point: 65 bytes.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey()).toBe(key);
    const stored = await t.database.db
      .selectFrom('siteSettings')
      .select('settings')
      .where('id', '=', 'vapid-keys')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings)).toEqual({ publicKey: key, privateKey: expect.any(String) });
  });

  it('keeps the push for later when the push service cannot take it now', async () => {
    await addDevice({ ...CHROME_SUBSCRIPTION, endpoint: 'http://127.0.0.1:9/notify/down', name: 'Phone' });
    await postInquiry({ name: 'Kiran' });
    const pushEntry = () =>
      t.database.db
        .selectFrom('notificationOutbox')
        .select(['status', 'attempts', 'lastError'])
        .where('kind', '=', 'push')
        .executeTakeFirst();
    await expect.poll(pushEntry).toEqual({ status: 'pending', attempts: 1, lastError: expect.any(String) });
    expect(await listDevices()).toHaveLength(1);
  });

  it('refuses every route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/push/public-key'],
      ['GET', DEVICES],
      ['POST', DEVICES],
      ['DELETE', `${DEVICES}/0190a000-0000-7000-8000-000000000000`],
      ['POST', `${DEVICES}/0190a000-0000-7000-8000-000000000000/test`],
    ] as const) {
      expectAuthenticationRequired(await t.app.inject(asAdmin(undefined, { method, url })));
    }
  });

  it("adds a device, lists it as the user's own, and updates it when the browser subscribes again", async () => {
    expect(await listDevices()).toEqual([]);
    const added = await addDevice({ ...CHROME_SUBSCRIPTION, name: '  Chrome on Android ' });
    expect(added.statusCode).toBe(201);
    const device = added.json<{ device: PushDevice }>().device;
    expect(device).toEqual({
      id: expect.any(String),
      name: 'Chrome on Android',
      endpoint: CHROME_SUBSCRIPTION.endpoint,
      createdAt: expect.any(String),
      lastSentAt: null,
    });
    expect(await listDevices()).toEqual([device]);

    const again = await addDevice({
      ...CHROME_SUBSCRIPTION,
      keys: { ...CHROME_SUBSCRIPTION.keys, auth: 'B'.repeat(22) },
      name: 'My phone',
    });
    expect(again.statusCode).toBe(201);
    expect(await listDevices()).toEqual([{ ...device, name: 'My phone' }]);
  });

  it("moves a browser to the user who subscribes it, and lists only the user's own devices", async () => {
    await createAdmin(t.database, OTHER_ADMIN);
    const other = await signIn(t.app, OTHER_ADMIN);
    expect((await addDevice({ ...CHROME_SUBSCRIPTION, name: 'Shared phone' }, other)).statusCode).toBe(201);
    expect(await listDevices()).toEqual([]);
    expect(await listDevices(other)).toHaveLength(1);

    expect((await addDevice({ ...CHROME_SUBSCRIPTION, name: 'Shared phone' })).statusCode).toBe(201);
    expect(await listDevices(other)).toEqual([]);
    expect((await listDevices()).map((device) => device.name)).toEqual(['Shared phone']);
  });

  it(`refuses a device beyond ${MAX_PUSH_DEVICES_PER_USER} per user, and still updates one of them`, async () => {
    const endpointOf = (i: number) => `${CHROME_SUBSCRIPTION.endpoint}-${i}`;
    for (let i = 1; i <= MAX_PUSH_DEVICES_PER_USER; i += 1) {
      const added = await addDevice({ ...CHROME_SUBSCRIPTION, endpoint: endpointOf(i), name: `Device ${i}` });
      expect(added.statusCode).toBe(201);
    }
    const beyond = await addDevice({
      ...CHROME_SUBSCRIPTION,
      endpoint: endpointOf(MAX_PUSH_DEVICES_PER_USER + 1),
      name: 'One too many',
    });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({
      success: false,
      message: PUSH_DEVICE_LIMIT_MESSAGE,
      code: 'LIMIT_REACHED',
    });
    expect(PUSH_DEVICE_LIMIT_MESSAGE).toContain(`${MAX_PUSH_DEVICES_PER_USER} devices`);
    expect(await listDevices()).toHaveLength(MAX_PUSH_DEVICES_PER_USER);
    // A browser already listed subscribes again: an update, not another device.
    const again = await addDevice({ ...CHROME_SUBSCRIPTION, endpoint: endpointOf(1), name: 'Renamed' });
    expect(again.statusCode).toBe(201);
    // Another user's browser moving here counts as another device; theirs stay theirs.
    await createAdmin(t.database, OTHER_ADMIN);
    const other = await signIn(t.app, OTHER_ADMIN);
    const shared = { ...CHROME_SUBSCRIPTION, endpoint: endpointOf(99), name: 'Shared phone' };
    expect((await addDevice(shared, other)).statusCode).toBe(201);
    expect((await addDevice(shared)).statusCode).toBe(409);
    expect(await listDevices(other)).toHaveLength(1);
    // Once one is removed, another may be added.
    const [first] = await listDevices();
    expect((await call({ method: 'DELETE', url: `${DEVICES}/${first!.id}` })).statusCode).toBe(200);
    expect((await addDevice(shared)).statusCode).toBe(201);
  });

  it('refuses a subscription that is not one, naming the field and never echoing it', async () => {
    const cases: [object, string][] = [
      [{ ...CHROME_SUBSCRIPTION, endpoint: 'http://push.example.com/send/1' }, 'endpoint'],
      [{ ...CHROME_SUBSCRIPTION, endpoint: 'http://10.0.0.5/send/1' }, 'endpoint'],
      [{ ...CHROME_SUBSCRIPTION, endpoint: 'javascript:alert(1)' }, 'endpoint'],
      [{ ...CHROME_SUBSCRIPTION, endpoint: 'https://user:pw@push.example.com/1' }, 'endpoint'],
      [{ ...CHROME_SUBSCRIPTION, endpoint: `https://push.example.com/${'a'.repeat(2048)}` }, 'endpoint'],
      [
        { ...CHROME_SUBSCRIPTION, keys: { ...CHROME_SUBSCRIPTION.keys, p256dh: 'B'.repeat(40) } },
        'keys.p256dh',
      ],
      [
        { ...CHROME_SUBSCRIPTION, keys: { ...CHROME_SUBSCRIPTION.keys, p256dh: `C${'A'.repeat(86)}` } },
        'keys.p256dh',
      ],
      [{ ...CHROME_SUBSCRIPTION, keys: { ...CHROME_SUBSCRIPTION.keys, auth: 'A+/'.repeat(8) } }, 'keys.auth'],
      [{ endpoint: CHROME_SUBSCRIPTION.endpoint }, 'keys'],
      [{ ...CHROME_SUBSCRIPTION, name: '   ' }, 'name'],
      [{ ...CHROME_SUBSCRIPTION, name: 'Phone\u0000' }, 'name'],
      [{ ...CHROME_SUBSCRIPTION, name: 'x'.repeat(61) }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const response = await addDevice({ name: 'Phone', ...payload });
      expectBadRequest(response, field);
      expect(response.body).not.toContain('alert(1)');
      expect(response.body).not.toContain('10.0.0.5');
    }
    // Plain http is accepted for a push service on this machine only (tests and development).
    const local = await addDevice({
      ...CHROME_SUBSCRIPTION,
      endpoint: 'http://127.0.0.1:8090/notify/a',
      name: 'P',
    });
    expect(local.statusCode).toBe(201);
    expect(await listDevices()).toHaveLength(1);
  });

  it("removes the user's own device, and no one else's", async () => {
    const { device } = await subscribedDevice();
    await createAdmin(t.database, OTHER_ADMIN);
    const other = await signIn(t.app, OTHER_ADMIN);
    expectNotFound(
      await call({ method: 'DELETE', url: `${DEVICES}/${device.id}` }, other),
      'Device not found',
    );
    expect(await listDevices()).toHaveLength(1);

    const removed = await call({ method: 'DELETE', url: `${DEVICES}/${device.id}` });
    expect(removed.json()).toEqual({ success: true, message: 'Device removed' });
    expect(await listDevices()).toEqual([]);
    expectNotFound(await call({ method: 'DELETE', url: `${DEVICES}/${device.id}` }), 'Device not found');
    expectBadRequest(await call({ method: 'DELETE', url: `${DEVICES}/not-an-id` }), 'id');
  });

  it('sends a test notification the push service receives encrypted, and says only that it was sent', async () => {
    const { subscription, device } = await subscribedDevice('Pixel 8');
    const response = await call({ method: 'POST', url: `${DEVICES}/${device.id}/test` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Test notification sent to Pixel 8' });
    expect(response.body).not.toContain('201');
    expect(await parsedMessages(subscription)).toEqual([
      {
        title: 'Test notification',
        body: 'New inquiries will be shown on Pixel 8 like this.',
        url: '/admin/profile',
        tag: 'test',
      },
    ]);
    const [listed] = await listDevices();
    expect(listed?.lastSentAt).toBe(new Date(t.clock()).toISOString());
  });

  it('removes a device whose subscription the push service calls gone, and says so', async () => {
    const { subscription, device } = await subscribedDevice();
    await pushService.expire(subscription);
    const response = await call({ method: 'POST', url: `${DEVICES}/${device.id}/test` });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({
      success: false,
      code: 'GONE',
      message: expect.stringMatching(/no longer accepts notifications, so it was removed/),
    });
    expect(response.body).not.toContain('410');
    expect(await listDevices()).toEqual([]);
    expectNotFound(await call({ method: 'POST', url: `${DEVICES}/${device.id}/test` }), 'Device not found');
  });

  it('answers one fixed failure, without status or detail, whether the push service is unreachable or refuses', async () => {
    const failing = http.createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('upstream db-7 exploded at 10.0.3.4');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const test = async (endpoint: string, name: string) => {
        const added = await addDevice({ ...CHROME_SUBSCRIPTION, endpoint, name });
        expect(added.statusCode).toBe(201);
        const { device } = added.json<{ device: PushDevice }>();
        return call({ method: 'POST', url: `${DEVICES}/${device.id}/test` });
      };
      const { port } = failing.address() as AddressInfo;
      const refused = await test(`http://127.0.0.1:${port}/notify/a`, 'Refused phone');
      // Nothing listens on port 9 (discard) here.
      const unreachable = await test('http://127.0.0.1:9/notify/none', 'Old laptop');
      for (const answer of [refused, unreachable]) {
        expect(answer.statusCode).toBe(502);
        expect(answer.json()).toEqual({
          success: false,
          code: 'UPSTREAM_FAILED',
          message:
            'The test notification could not be delivered. Try again later, or remove this device and turn notifications on again.',
        });
      }
      expect(refused.body).not.toMatch(/500|db-7|10\.0\.3\.4/);
      expect(await listDevices()).toHaveLength(2);
    } finally {
      failing.closeAllConnections();
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });

  it("pushes a new inquiry to every device: the sender's name, the first line, and a link to it", async () => {
    const phone = await subscribedDevice('Phone');
    const laptop = await subscribedDevice('Laptop');
    const longLine = `Our shop's WhatsApp number stopped receiving messages ${'and customers are waiting '.repeat(6)}`;
    const inquiryId = await postInquiry({
      name: 'Ravi Kumar',
      query: `${longLine}\nSecond line, not shown.`,
    });

    const expected = {
      title: 'Ravi Kumar',
      body: expect.stringMatching(/^Our shop's WhatsApp number stopped receiving messages and .*…$/),
      url: inquiryPath(inquiryId),
      tag: inquiryId,
    };
    await expect.poll(() => parsedMessages(phone.subscription)).toEqual([expected]);
    await expect.poll(() => parsedMessages(laptop.subscription)).toEqual([expected]);
    const [message] = (await parsedMessages(phone.subscription)) as { body: string }[];
    expect(message!.body.length).toBeLessThanOrEqual(PUSH_BODY_MAX_LENGTH);
    expect(message!.body).not.toContain('Second line');
    await expect
      .poll(async () => (await listDevices()).map((device) => device.lastSentAt))
      .toEqual([expect.any(String), expect.any(String)]);
  });

  it('forgets a device the push service calls gone when an inquiry arrives', async () => {
    const gone = await subscribedDevice('Old phone');
    const kept = await subscribedDevice('New phone');
    await pushService.expire(gone.subscription);
    await postInquiry({ name: 'Meera', query: 'Hello' });

    await expect.poll(() => parsedMessages(kept.subscription)).toHaveLength(1);
    await expect.poll(async () => (await listDevices()).map((device) => device.name)).toEqual(['New phone']);
    expect(await pushService.messages(gone.subscription)).toEqual([]);
  });
});
