import { useMatches } from 'react-router';
import { type Locale, localizedPath } from '../../../shared/rules/locales.ts';
import { usePageLocale } from '../../i18n/copy.tsx';
import { type PublicRouteHandle, resolvePageHead } from '../page-head.ts';

const OTHER_LOCALE: Record<Locale, Locale> = { en: 'hi', hi: 'en' };

/**
 * The same page in the other language: the route's own answer when it has one (a blog post leads to its
 * translation, or to the other language's blog), else the page's alternate in that language. A page
 * without one (a missing page, an error) leads to the other language's home page, so that a 404 never
 * repeats the address asked for in a link.
 */
export function useOtherLanguage(): { locale: Locale; path: string } {
  const matches = useMatches();
  const locale = OTHER_LOCALE[usePageLocale()];
  for (const match of matches) {
    const path = (match.handle as Partial<PublicRouteHandle> | undefined)?.otherLanguagePath?.(
      match.data,
      locale,
    );
    if (path) return { locale, path };
  }
  const head = resolvePageHead(matches);
  return { locale, path: (head.path !== null && head.alternates?.[locale]) || localizedPath(locale, '/') };
}
