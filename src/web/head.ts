import { LOCALES, type Locale } from '../shared/rules/locales.ts';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '../shared/rules/share-cards.ts';

/** What a public page declares for <head>, which the server renders. */
export interface PageHead {
  title: string;
  description: string;
  /** The canonical path, e.g. '/contact'; null for pages that must not be indexed (errors). */
  path: string | null;
  type?: 'website' | 'article';
  /** The page's picture (og:image, a large Twitter card): an http(s) URL, or a path on this site. */
  image?: string | undefined;
  /** A feed of the page's content, announced as <link rel="alternate">. */
  feed?: { title: string; path: string };
  /** Structured data (schema.org JSON-LD) for the page, given the site's origin for absolute URLs. */
  jsonLd?: (origin: string) => readonly object[];
  /** The page's language (English when absent). */
  locale?: Locale;
  /** The same page in each language that has it, for `hreflang` (English is also the `x-default`). */
  alternates?: Partial<Record<Locale, string>>;
}

/** The `hreflang` links of a page: each language's version, and English for everyone else. */
function alternateLinks(head: PageHead): [hreflang: string, path: string][] {
  const alternates = head.path === null ? {} : (head.alternates ?? {});
  const links = LOCALES.flatMap((locale): [string, string][] => {
    const path = alternates[locale];
    return path ? [[locale, path]] : [];
  });
  return alternates.en ? [...links, ['x-default', alternates.en]] : links;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** A page's picture as Open Graph needs it: a path on this site made absolute, a full URL kept as it is. */
export function pictureUrl(origin: string, image: string): string {
  return image.startsWith('/') ? absoluteUrl(origin, image) : image;
}

const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for an inline data block (<script type="application/…json">): `</script>` or `<!--` inside a value (an
 * admin-entered brand name, say) must not end the element early, so every <, > and & is written as a JSON
 * escape, which parses to the same value.
 */
export function serializeJsonData(data: object): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (character) => JSON_ESCAPES[character]!);
}

/** The Open Graph and Twitter tags keyed by name. */
function metaTags(
  head: PageHead,
  origin: string,
  url: string | null,
): [key: 'name' | 'property', name: string, value: string][] {
  return [
    ['property', 'og:type', head.type ?? 'website'],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ...(url === null ? [] : [['property', 'og:url', url] as ['property', string, string]]),
    ...(head.image
      ? [['property', 'og:image', pictureUrl(origin, head.image)] as ['property', string, string]]
      : []),
    ['name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
  ];
}

/** The <head> tags of a page as escaped HTML, for the server to inject into the template. */
export function headTags(head: PageHead, origin: string, siteName: string | null): string {
  const url = head.path === null ? null : absoluteUrl(origin, head.path);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    url === null
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.feed
      ? [
          `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(absoluteUrl(origin, head.feed.path))}" />`,
        ]
      : []),
    ...alternateLinks(head).map(
      ([hreflang, path]) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(absoluteUrl(origin, path))}" />`,
    ),
    ...(siteName === null ? [] : [`<meta property="og:site_name" content="${escapeHtml(siteName)}" />`]),
    `<meta property="og:locale" content="${head.locale === 'hi' ? 'hi_IN' : 'en_IN'}" />`,
    ...metaTags(head, origin, url).map(
      ([key, name, value]) => `<meta ${key}="${name}" content="${escapeHtml(value)}" />`,
    ),
    // On the server a page's picture is always its share card (entry-server.tsx), a PNG of one size.
    ...(head.image
      ? [
          '<meta property="og:image:type" content="image/png" />',
          `<meta property="og:image:width" content="${SHARE_CARD_WIDTH}" />`,
          `<meta property="og:image:height" content="${SHARE_CARD_HEIGHT}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.title)}" />`,
        ]
      : []),
    // Data blocks are never executed, so the CSP's script rules do not apply to them: no nonce.
    ...(head.jsonLd?.(origin) ?? []).map(
      (data) => `<script type="application/ld+json">${serializeJsonData(data)}</script>`,
    ),
  ];
  return tags.join('\n    ');
}
