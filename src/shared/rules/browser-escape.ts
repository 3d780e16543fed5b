import type { InAppBrowser } from '../web-render.ts';

/**
 * The link that opens `pageUrl` in the phone's own browser from an app's browser (decision 072): on Android an
 * intent with no app named, which Android hands to the default browser; on an iPhone or iPad Safari's own
 * scheme (`x-safari-https://…`, iOS 17 and later); null where no such link is known (the page's link is
 * offered to copy instead).
 */
export function browserEscapeLink({ platform }: InAppBrowser, pageUrl: string): string | null {
  const url = new URL(pageUrl);
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'https' && scheme !== 'http') return null;
  if (platform === 'android') {
    return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${scheme};end`;
  }
  if (platform === 'apple') return `x-safari-${url.href}`;
  return null;
}
