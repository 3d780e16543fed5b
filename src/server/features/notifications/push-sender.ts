import { PUSH_ENDPOINT_MESSAGES } from '../../../shared/rules/push-devices.ts';
import type { Config } from '../../config.ts';
import { egressRequest } from '../../egress/egress.ts';
import { type ServerKeyStore, serverSecret } from '../../lib/server-secret.ts';
import { isPushServiceEndpoint, type PushEndpointRules } from './push-endpoints.ts';

/** What a phone shows: the title, one line under it, and the page a tap opens. */
export interface PushNotification {
  title: string;
  body: string;
  /** A path of this site (the inquiry in the inbox). */
  url: string;
  /** A notification with the same tag replaces the one before (the same inquiry sent twice shows once). */
  tag: string;
}

/** Where one push goes: a browser's subscription as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  /** The push service took the message (201 from most services). */
  | { kind: 'sent' }
  /** 404 or 410: the browser unsubscribed or the subscription expired; it will never take another. */
  | { kind: 'gone' };

export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey(): Promise<string>;
  /**
   * Encrypts and sends one notification; throws, to be tried again, when the endpoint is refused, the push
   * service cannot be reached or answers anything else.
   */
  send(target: PushTarget, notification: PushNotification): Promise<PushOutcome>;
}

/** A push service holds an undelivered notification this long (a phone off overnight still gets it). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends Web Push with VAPID (decision 031). The key pair is made at first start and kept in the database
 * (a site_settings row), so every instance signs with the same one and subscriptions survive restarts.
 *
 * web-push encrypts the message and signs the request; the request itself goes out through the egress
 * guard (decision 047), and only to a push service's host (`rules`), checked again at every send: a device
 * saved before the rule, or a name that now resolves to a private address, is refused like an unreachable
 * service.
 */
export function createPushSender(
  serverKeys: ServerKeyStore,
  config: Pick<Config, 'ADMIN_EMAIL' | 'PUBLIC_ORIGIN'>,
  rules: PushEndpointRules,
  /** How long a push service may take to answer, the connection included (tests shorten or lengthen it). */
  timeoutMs: number = PUSH_TIMEOUT_MS,
): PushSender {
  // web-push and its cryptography (0.7 MB in the heap) are loaded with the first push or key asked for, not at
  // start: most sites never turn push on (decision 064).
  const webPush = async () => (await import('web-push')).default;
  let keyPair: (() => Promise<string>) | undefined;
  const vapidKeys = async () => {
    const webpush = await webPush();
    keyPair ??= serverSecret(serverKeys, 'vapid-keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
    return JSON.parse(await keyPair()) as { publicKey: string; privateKey: string };
  };
  // Push services reach the sender through this if a key misbehaves: the site's address, or the owner's email.
  const subject = config.PUBLIC_ORIGIN?.startsWith('https://')
    ? config.PUBLIC_ORIGIN
    : `mailto:${config.ADMIN_EMAIL}`;

  return {
    publicKey: async () => (await vapidKeys()).publicKey,
    async send(target, notification) {
      if (!URL.canParse(target.endpoint) || !isPushServiceEndpoint(new URL(target.endpoint), rules)) {
        throw new Error(PUSH_ENDPOINT_MESSAGES.unknownService);
      }
      const request = (await webPush()).generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(notification),
        {
          vapidDetails: { subject, ...(await vapidKeys()) },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
        },
      );
      const { status } = await egressRequest(
        request.endpoint,
        { method: 'POST', headers: request.headers, body: request.body ?? '', timeoutMs },
        rules,
      );
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone' };
      throw new Error(`The push service answered ${status}`);
    },
  };
}
