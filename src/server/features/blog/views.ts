import { createHmac } from 'node:crypto';

// Crawlers, link previews and chat apps fetching a card: none of them is a reader.
const KNOWN_BOT = /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|telegrambot|preview/i;

/** Whether a User-Agent is a well-known crawler or link previewer (their visits are not counted). */
export function isKnownBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && KNOWN_BOT.test(userAgent);
}

/**
 * Who viewed, as a key that cannot be turned back into an address: an HMAC of IP and User-Agent under a
 * secret, salted with the day, so the same reader has unrelated keys on different days.
 */
export function visitorKey(ip: string, userAgent: string | undefined, day: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`${day}\u0000${ip}\u0000${userAgent ?? ''}`)
    .digest('base64url');
}

/** The UTC day (YYYY-MM-DD) a moment falls on: views count once per visitor per day. */
export function viewDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
