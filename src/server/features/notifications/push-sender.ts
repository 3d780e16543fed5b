import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { serverSecret } from '../../lib/server-secret.ts';

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
  | { kind: 'sent'; statusCode: number }
  /** 404 or 410: the browser unsubscribed or the subscription expired; it will never take another. */
  | { kind: 'gone'; statusCode: number };

/** A push service's answer that was neither success nor "gone": worth trying again later. */
export class PushServiceError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey(): Promise<string>;
  /** Encrypts and sends one notification; throws PushServiceError (or a network error) to be tried again. */
  send(target: PushTarget, notification: PushNotification): Promise<PushOutcome>;
}

/** A push service holds an undelivered notification this long (a phone off overnight still gets it). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;
/** The most of a push service's answer kept in an error: enough to say why. */
const MAX_ANSWER_LENGTH = 200;

/**
 * Sends Web Push with VAPID (decision 031). The key pair is made at first start and kept in the database
 * (a site_settings row), so every instance signs with the same one and subscriptions survive restarts.
 *
 * web-push encrypts the message and signs the request; the request itself goes out through fetch, because
 * web-push's own sender speaks https only and a local push service (tests, development) is plain http.
 */
export function createPushSender(
  db: Kysely<DB>,
  config: Pick<Config, 'ADMIN_EMAIL' | 'PUBLIC_ORIGIN'>,
  clock: () => number = Date.now,
): PushSender {
  const keyPair = serverSecret(db, 'vapid-keys', clock, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const vapidKeys = async () => JSON.parse(await keyPair()) as { publicKey: string; privateKey: string };
  // Push services reach the sender through this if a key misbehaves: the site's address, or the owner's email.
  const subject = config.PUBLIC_ORIGIN?.startsWith('https://')
    ? config.PUBLIC_ORIGIN
    : `mailto:${config.ADMIN_EMAIL}`;

  return {
    publicKey: async () => (await vapidKeys()).publicKey,
    async send(target, notification) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(notification),
        {
          vapidDetails: { subject, ...(await vapidKeys()) },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      const answer = (await response.text()).slice(0, MAX_ANSWER_LENGTH);
      if (response.ok) return { kind: 'sent', statusCode: response.status };
      if (response.status === 404 || response.status === 410) {
        return { kind: 'gone', statusCode: response.status };
      }
      throw new PushServiceError(
        response.status,
        `The push service answered ${response.status}${answer ? `: ${answer}` : ''}`,
      );
    },
  };
}
