import type { FastifyReply, FastifyRequest } from 'fastify';
import InAppSpy from 'inapp-spy';
import { PUBLIC_PAGES } from '../../shared/pages/public-pages.ts';
import { unlocalizedPath } from '../../shared/rules/locales.ts';
import type { InAppBrowser } from '../../shared/web-render.ts';

/**
 * The app's browser a request comes from, by its User-Agent (inapp-spy's list: Instagram, Facebook, Messenger,
 * LinkedIn, TikTok, Snapchat, Threads, X, WhatsApp, …, and any Android WebView or iPhone browser that is not
 * Safari); null for a browser of the phone's own (decision 072).
 */
export function inAppBrowserOf(userAgent: string | undefined): InAppBrowser | null {
  // An empty agent would make inapp-spy look for a window.
  if (!userAgent) return null;
  if (!InAppSpy({ ua: userAgent }).isInApp) return null;
  if (/\bAndroid\b/.test(userAgent)) return { platform: 'android' };
  return { platform: /\b(iPhone|iPad|iPod)\b/.test(userAgent) ? 'apple' : 'other' };
}

/** Whether a page's URL is the contact page's, in either language, with or without a query or a final slash. */
function isContactPage(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? url;
  // Final slashes cut without a pattern that backtracks on a long run of them.
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return unlocalizedPath(path.slice(0, end)) === PUBLIC_PAGES.contact.path;
}

/**
 * For a page request: the app's browser it comes from where the page differs for one (the contact page, whose
 * answer then says it varies by User-Agent); null for every other page.
 */
export function inAppBrowserForPage(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
): InAppBrowser | null {
  if (!isContactPage(url)) return null;
  reply.header('vary', 'user-agent');
  return inAppBrowserOf(request.headers['user-agent']);
}
