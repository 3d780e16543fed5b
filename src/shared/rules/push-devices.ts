/** The longest device name kept ("Chrome on Android", or what the user typed instead). */
export const DEVICE_NAME_MAX_LENGTH = 60;
/** Push services' endpoints are well under this; a longer one is not a push endpoint. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/**
 * The devices one user may have notified: a phone, a tablet and a few browsers with room to spare. Every
 * inquiry sends one push to each, so one account must not be able to make that number large (decision 050).
 */
export const MAX_PUSH_DEVICES_PER_USER = 10;
/** Why another device is refused (409, code LIMIT_REACHED), as the server answers and the list shows. */
export const PUSH_DEVICE_LIMIT_MESSAGE = `You already have ${MAX_PUSH_DEVICES_PER_USER} devices notified, the most one user may have. Remove one you no longer use, then turn notifications on for this device.`;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The form of a push endpoint: https, or plain http to this machine (a local push service in tests and
 * development), with no user name or password. The server then decides whether it may be reached: a known
 * push service or one the operator lists, and plain http only under its development switch (decision 047).
 */
export function isAllowedPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** The browsers' push services: Chrome's (FCM), Firefox's (autopush) and Safari's, Edge's (WNS). */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com'];
/** Domains whose every subdomain is a push service's host. */
const PUSH_SERVICE_DOMAINS = ['push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/**
 * True when `hostname` (as the URL parser gives it) is a known push service's, or one of `extraHosts`
 * (PUSH_SERVICE_HOSTS: names, or `*.domain` for a domain's subdomains).
 */
export function isPushServiceHost(hostname: string, extraHosts: readonly string[] = []): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const inDomain = (domain: string) => host.endsWith(`.${domain}`);
  return (
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_DOMAINS.some(inDomain) ||
    extraHosts.some((entry) => (entry.startsWith('*.') ? inDomain(entry.slice(2)) : entry === host))
  );
}

export const PUSH_ENDPOINT_MESSAGES = {
  notHttps: 'Endpoint must be an https address',
  unknownService:
    "Endpoint must be a known push service's (Google, Mozilla, Apple, Microsoft) or a host listed in PUSH_SERVICE_HOSTS",
  privateAddress:
    'Endpoint points to a loopback or private address: allowed only when WEBHOOKS_ALLOW_PRIVATE_HTTP is set',
  withCredentials: 'Endpoint must not contain a user name or password',
  port: 'Endpoint must have a port from 1 to 65535',
} as const;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** A name for the device a browser runs on, from its user agent ("Chrome on Android"); the user may edit it. */
export function deviceNameFromUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'This browser';
}
