/**
 * The public site's languages (decision 038): English at `/`, Hindi under `/hi` with the same paths
 * below it. The URL alone decides the language of a page. The back office stays English.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Where each language's pages live: English at the root, Hindi under /hi. */
const LOCALE_PREFIX: Readonly<Record<Locale, string>> = { en: '', hi: '/hi' };

/** The BCP 47 tag for `Intl` (numbers, dates, plurals) and `hreflang`/`lang`: Indian English and Hindi. */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-IN', hi: 'hi-IN' };

/** The language of a path: Hindi for `/hi` and anything below it, English otherwise. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/hi' || pathname.startsWith('/hi/') ? 'hi' : 'en';
}

/** The same page without its language prefix: `/hi/contact` → `/contact`, `/hi` → `/`. */
export function unlocalizedPath(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname;
  return pathname.slice(LOCALE_PREFIX.hi.length) || '/';
}

/** A site path in a language: `/contact` → `/hi/contact`, `/` → `/hi`; English paths stay as they are. */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}
