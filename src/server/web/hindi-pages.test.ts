import { describe, expect, it } from 'vitest';
import type { PublicPageId } from '../../shared/pages/public-pages.ts';
import { PAGE_MESSAGES } from '../../web/public/page-messages.ts';
import {
  WEB_BUILT as built,
  catalogueEntries,
  textOf,
  WEB_DIST_DIR,
} from '../test-support/rendered-pages.ts';
import { publishChannels, signedInAppForEachTest } from '../test-support/test-app.ts';

/** The namespaces whose catalogues the page shows: the chrome's and its own (decision 038). */
function namespacesOf(page: PublicPageId): string[] {
  return ['site', ...PAGE_MESSAGES[page]];
}

function catalogue(locale: string, namespace: string): string[] {
  return catalogueEntries(locale, namespace).map(([, text]) => text);
}

/**
 * The English UI texts a Hindi page must not show: every run of words (between placeholders) of the page's
 * English catalogues that its Hindi catalogue does not also use — brand names, `WhatsApp` and handles
 * stay in both.
 */
function englishPhrases(namespaces: readonly string[]): string[] {
  const phrases = new Set<string>();
  for (const namespace of namespaces) {
    const hindi = catalogue('hi', namespace).join('\n');
    for (const text of catalogue('en', namespace)) {
      for (const part of text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
        const phrase = part.trim();
        if (/[A-Za-z]{3,}\W+[A-Za-z]{2,}/.test(phrase) && !hindi.includes(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

const letters = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

// Every public page under /hi, with its id in the page table; the English one it translates is its address
// without /hi.
const PAGES: [string, PublicPageId][] = [
  ['/hi', 'home'],
  ['/hi/contact', 'contact'],
  ['/hi/contact/message', 'contact-message'],
  ['/hi/terms', 'terms'],
  ['/hi/privacy', 'privacy'],
  ['/hi/delete-account', 'delete-account'],
  ['/hi/blog', 'blog'],
  ['/hi/tictactoe', 'tictactoe'],
  ['/hi/SamparkGame', 'brand-game'],
];

describe.skipIf(!built)('the Hindi pages (needs npm run build:web)', () => {
  const t = signedInAppForEachTest('sqlite', { WEB_DIST_DIR });

  async function withChannels(): Promise<void> {
    await publishChannels(t, [
      ['whatsapp', '+919876511111'],
      ['phone', '+919876543210'],
      ['telegram', 'https://t.me/sampark_support'],
      ['email', 'help@example.com'],
    ]);
  }

  it.each(PAGES)(
    '%s is Hindi: lang="hi", mostly Devanagari, and none of its English UI texts',
    async (url, page) => {
      await withChannels();
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toMatch(/^<!doctype html>\s*<html lang="hi">/i);

      const text = textOf(html);
      const devanagari = letters(text, /[\u0900-\u097F]/g);
      const latin = letters(text, /[A-Za-z]/g);
      expect(devanagari, `${url}: ${devanagari} Devanagari letters, ${latin} Latin`).toBeGreaterThan(
        latin * 2,
      );

      const namespaces = namespacesOf(page);
      const left = englishPhrases(namespaces).filter((phrase) => text.includes(phrase));
      expect(left, `${url} shows English UI text`).toEqual([]);

      // The English page is the same page in English.
      const english = await t.app.inject({ url: url.replace(/^\/hi/, '') || '/' });
      expect(english.statusCode).toBe(200);
      expect(english.body).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    },
  );

  it('a missing page under /hi is a Hindi 404', async () => {
    const response = await t.app.inject({ url: '/hi/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<html lang="hi">/);
    expect(textOf(response.body)).toContain('पेज नहीं मिला');
  });

  it('names both versions of a page as hreflang alternates, with English as the default', async () => {
    const html = (await t.app.inject({ url: '/hi/terms' })).body;
    const origin = /<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(html)?.[1];
    expect(html).toContain(`<link rel="canonical" href="${origin}/hi/terms" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${origin}/terms" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${origin}/hi/terms" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/terms" />`);
    expect(html).toContain('<meta property="og:locale" content="hi_IN" />');
  });
});
