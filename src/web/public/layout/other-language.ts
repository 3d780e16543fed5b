import { useLocation, useMatches } from 'react-router';
import { type Locale, localizedPath, unlocalizedPath } from '../../../shared/rules/locales.ts';
import { usePageLocale } from '../../i18n/copy.tsx';
import type { PublicRouteHandle } from '../page-head.ts';

const OTHER_LOCALE: Record<Locale, Locale> = { en: 'hi', hi: 'en' };

/**
 * The same page in the other language: at the same path, unless the page's route says otherwise (a blog
 * post leads to its translation, or to the other language's blog).
 */
export function useOtherLanguage(): { locale: Locale; path: string } {
  const { pathname } = useLocation();
  const matches = useMatches();
  const locale = OTHER_LOCALE[usePageLocale()];
  for (const match of matches) {
    const path = (match.handle as Partial<PublicRouteHandle> | undefined)?.otherLanguagePath?.(
      match.data,
      locale,
    );
    if (path) return { locale, path };
  }
  return { locale, path: localizedPath(locale, unlocalizedPath(pathname)) };
}
