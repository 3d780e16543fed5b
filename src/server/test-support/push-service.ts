import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** A browser's subscription as the local push service hands it out, with its handle there. */
export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface LocalPushService {
  /** Subscribes a made-up browser for `applicationServerKey` (the server's VAPID public key). */
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The messages the service received for a subscription, decrypted, oldest first. */
  messages(subscription: LocalSubscription): Promise<string[]>;
  /** Makes the service answer 410 for a subscription from now on, as when a browser unsubscribes. */
  expire(subscription: LocalSubscription): Promise<void>;
  stop(): Promise<void>;
}

interface TestingServer {
  _app: { listen(port: number, host: string): Server };
  setRequestHandlers(): void;
}

const require = createRequire(import.meta.url);

/**
 * A real push service on this machine (web-push-testing): it checks the VAPID signature, decrypts each
 * message with the subscription's keys and keeps it. Started on a free port of 127.0.0.1 in this process.
 */
export async function startLocalPushService(): Promise<LocalPushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => { notifyUrl: string };
  };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: object,
    port: number,
  ) => TestingServer;
  const model = new PushApiModel();
  const testing = new WebPushTestingServer(model, 0);
  testing.setRequestHandlers();
  const server = testing._app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${base}/notify/`;

  const post = async (path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${await response.text()}`);
    return response;
  };

  return {
    async subscribe(applicationServerKey) {
      const response = await post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' });
      return ((await response.json()) as { data: LocalSubscription }).data;
    },
    async messages({ clientHash }) {
      const response = await post('/get-notifications', { clientHash });
      return ((await response.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire({ clientHash }) {
      await post(`/expire-subscription/${clientHash}`);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
