import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_ENDPOINT_MESSAGES } from '../../../shared/rules/push-devices.ts';
import { ROLES } from '../../../shared/rules/roles.ts';
import {
  hostnamesOf,
  refusedDestinations,
  startConnectionCounter,
} from '../../test-support/egress-targets.ts';
import {
  asAdmin,
  createAdmin,
  createTestApp,
  expectBadRequest,
  postInquiry,
  signIn,
  TEST_DIALECTS,
  type TestApp,
} from '../../test-support/test-app.ts';

const DEVICES = '/api/admin/profile/devices';
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
const TEST_FAILED =
  'The test notification could not be delivered. Try again later, or remove this device and turn notifications on again.';

describe.each(TEST_DIALECTS)('where push may go (%s)', (dialect) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  const appWith = async (env: Record<string, string> = {}) => {
    const t = await createTestApp(dialect, env);
    cleanUps.push(() => t.close());
    return t;
  };

  /** A user of each role, signed in: everyone may add their own devices. */
  const everyRole = async (t: TestApp) =>
    Promise.all(
      ROLES.map(async (role) => {
        const user = { email: `${role}@example.com`, password: `${role} password 12`, role };
        const id = await createAdmin(t.database, user);
        return { role, id, cookie: await signIn(t.app, user) };
      }),
    );

  const addDevice = (t: TestApp, cookie: string, endpoint: string) =>
    t.app.inject(
      asAdmin(cookie, { method: 'POST', url: DEVICES, payload: { endpoint, keys: KEYS, name: 'Phone' } }),
    );

  it('takes the browsers’ push services, and refuses any other host, and plain http, for every role', async () => {
    const t = await appWith();
    for (const { role, cookie } of await everyRole(t)) {
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc:APA91b',
        'https://android.googleapis.com/gcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
        'https://web.push.apple.com/QO-abc',
        'https://wns2-par02p.notify.windows.com/w/?token=abc',
      ]) {
        expect((await addDevice(t, cookie, `${endpoint}-${role}`)).statusCode, endpoint).toBe(201);
      }
      for (const endpoint of [
        'https://push.example.com/send/1',
        'https://93.184.215.14/send/1',
        'https://storage.googleapis.com/bucket/object',
        'https://fcm.googleapis.com.evil.example/send',
        ...refusedDestinations(8443),
      ]) {
        const refused = await addDevice(t, cookie, endpoint);
        expectBadRequest(refused, 'endpoint', PUSH_ENDPOINT_MESSAGES.unknownService);
        expect(refused.json().message, endpoint).toBe(
          `Please check the form: ${PUSH_ENDPOINT_MESSAGES.unknownService}`,
        );
      }
      expectBadRequest(
        await addDevice(t, cookie, 'http://127.0.0.1:8090/notify/a'),
        'endpoint',
        PUSH_ENDPOINT_MESSAGES.notHttps,
      );
    }
  });

  it('refuses loopback and special addresses and port 0 even on a host PUSH_SERVICE_HOSTS lists, for every role', async () => {
    const destinations = refusedDestinations(8443);
    const t = await appWith({
      PUSH_SERVICE_HOSTS: [...hostnamesOf(destinations), 'push.example.com'].join(','),
    });
    for (const { cookie } of await everyRole(t)) {
      for (const endpoint of destinations) {
        expectBadRequest(
          await addDevice(t, cookie, endpoint),
          'endpoint',
          PUSH_ENDPOINT_MESSAGES.privateAddress,
        );
      }
      expectBadRequest(
        await addDevice(t, cookie, 'https://fcm.googleapis.com:0/fcm/send/abc'),
        'endpoint',
        PUSH_ENDPOINT_MESSAGES.port,
      );
    }
  });

  it('takes a listed push service, and plain http to this machine only with the development switch', async () => {
    const t = await appWith({
      PUSH_SERVICE_HOSTS: 'push.example.com,*.push.example.net',
      WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true',
    });
    for (const { cookie, role } of await everyRole(t)) {
      for (const endpoint of [
        `https://push.example.com/send/${role}`,
        `https://eu.push.example.net/send/${role}`,
        `http://127.0.0.1:8090/notify/${role}`,
      ]) {
        expect((await addDevice(t, cookie, endpoint)).statusCode, endpoint).toBe(201);
      }
      // The switch opens addresses, not hosts: https still needs a push service's.
      expectBadRequest(
        await addDevice(t, cookie, 'https://127.0.0.1:8443/notify/a'),
        'endpoint',
        PUSH_ENDPOINT_MESSAGES.unknownService,
      );
    }
  });

  /**
   * Devices written straight to the table, as one saved before the rules (or a push service's name that now
   * resolves elsewhere) would be, owned by `adminId`; returns their ids.
   */
  const storeDevices = async (t: TestApp, adminId: string, endpoints: string[]) => {
    const ids: string[] = [];
    for (const endpoint of endpoints) {
      const id = crypto.randomUUID();
      ids.push(id);
      await t.database.db
        .insertInto('pushSubscriptions')
        .values({
          id,
          adminId,
          endpoint,
          ...KEYS,
          deviceName: 'Stored phone',
          createdAt: new Date(t.clock()).toISOString(),
        })
        .execute();
    }
    return ids;
  };

  const pushEntries = (t: TestApp) =>
    t.database.db
      .selectFrom('notificationOutbox')
      .select(['status', 'attempts', 'lastError'])
      .where('kind', '=', 'push')
      .execute();

  it('sends nothing at delivery to a loopback or special address, even on a listed host, and fails like an unreachable service', async () => {
    const counter = await startConnectionCounter();
    cleanUps.push(() => counter.close());
    const destinations = refusedDestinations(counter.port);
    const t = await appWith({ PUSH_SERVICE_HOSTS: hostnamesOf(destinations).join(',') });
    const [owner] = await everyRole(t);
    const endpoints = [
      ...destinations,
      'https://fcm.googleapis.com:0/fcm/send/abc',
      `http://127.0.0.1:${counter.port}/notify/a`,
    ];
    const ids = await storeDevices(t, owner!.id, endpoints);

    expect((await t.app.inject(postInquiry())).statusCode).toBe(201);
    await t.app.notificationOutbox.drain();
    const entries = await pushEntries(t);
    expect(entries).toHaveLength(endpoints.length);
    for (const entry of entries) {
      expect(entry).toEqual({ status: 'pending', attempts: 1, lastError: expect.any(String) });
    }
    for (const id of ids.slice(0, 3)) {
      const test = await t.app.inject(
        asAdmin(owner!.cookie, { method: 'POST', url: `${DEVICES}/${id}/test` }),
      );
      expect(test.statusCode).toBe(502);
      expect(test.json()).toEqual({ success: false, code: 'UPSTREAM_FAILED', message: TEST_FAILED });
    }
    expect(counter.connections()).toBe(0);
  });

  it('sends nothing at delivery to a host that is not a push service, even where the address is allowed', async () => {
    const counter = await startConnectionCounter();
    cleanUps.push(() => counter.close());
    const t = await appWith({ WEBHOOKS_ALLOW_PRIVATE_HTTP: 'true' });
    const [owner] = await everyRole(t);
    const [id] = await storeDevices(t, owner!.id, [`https://127.0.0.1:${counter.port}/push`]);

    expect((await t.app.inject(postInquiry())).statusCode).toBe(201);
    await t.app.notificationOutbox.drain();
    expect(await pushEntries(t)).toEqual([
      { status: 'pending', attempts: 1, lastError: PUSH_ENDPOINT_MESSAGES.unknownService },
    ]);
    const test = await t.app.inject(asAdmin(owner!.cookie, { method: 'POST', url: `${DEVICES}/${id}/test` }));
    expect(test.json()).toEqual({ success: false, code: 'UPSTREAM_FAILED', message: TEST_FAILED });
    expect(counter.connections()).toBe(0);
  });
});
