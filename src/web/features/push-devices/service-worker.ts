import { ADMIN_SERVICE_WORKER_PATH, ADMIN_SERVICE_WORKER_SCOPE } from '../../../shared/pages/admin-paths.ts';

/**
 * Installs the back office's service worker, which shows push notifications; nothing happens without one.
 * Once the page has loaded, so that fetching and starting it never slows the first screen on a cheap phone.
 */
export function registerAdminServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(ADMIN_SERVICE_WORKER_PATH, { scope: ADMIN_SERVICE_WORKER_SCOPE })
      .catch((error: unknown) => {
        // The back office works without it; only push notifications are unavailable.
        console.warn('The service worker could not be registered', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Why this browser cannot be notified, or 'ready' when it can ask. */
export type PushSupport = 'ready' | 'insecure' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  // Push needs https (localhost excepted): without it browsers hide the APIs below.
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

/** This browser's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'insecure' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration(ADMIN_SERVICE_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameBytes(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === expected[index]);
}

/**
 * Asks for permission to notify and subscribes this browser for the server's key. Resolves with the
 * subscription as the server stores it; throws when permission is refused.
 */
export async function subscribeThisBrowser(publicKey: string) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const registration = await navigator.serviceWorker.register(ADMIN_SERVICE_WORKER_PATH, {
    scope: ADMIN_SERVICE_WORKER_SCOPE,
  });
  await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(publicKey);
  let existing = await registration.pushManager.getSubscription();
  // A subscription made for another key (a restored database has other keys) cannot be used: made anew.
  if (existing && !sameBytes(existing.options.applicationServerKey, applicationServerKey)) {
    await existing.unsubscribe();
    existing = null;
  }
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(
      permission === 'denied'
        ? 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.'
        : 'The browser did not allow notifications: nothing was turned on. Try again and choose Allow when it asks.',
    );
  }
}
