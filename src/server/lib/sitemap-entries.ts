import { LOCALES, type Locale, localizedPath } from '../../shared/rules/locales.ts';

/** One page for search engines: its path on this site and, when known, when it last changed. */
export interface SitemapEntry {
  path: string;
  /** ISO 8601: the blog gives its posts' update times. */
  lastModified?: string;
  /** The page in every language it has, itself included (`hreflang` alternates); English is the default. */
  alternates?: Partial<Record<Locale, string>>;
}

/** A page that exists in every language (decision 038): one entry for each, naming all of them. */
export function inEveryLanguage(path: string, lastModified?: string): SitemapEntry[] {
  const alternates = Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(locale, path)]));
  return LOCALES.map((locale) => ({
    path: localizedPath(locale, path),
    alternates,
    ...(lastModified ? { lastModified } : {}),
  }));
}

/** Where sitemap entries come from: the fixed pages, the branded game route, the blog and its posts. */
export type SitemapSource = () => Promise<SitemapEntry[]> | SitemapEntry[];
