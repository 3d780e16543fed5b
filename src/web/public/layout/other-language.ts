import { useLocation } from 'react-router';
import { type Locale, localizedPath, unlocalizedPath } from '../../../shared/rules/locales.ts';
import { usePageLocale } from '../../i18n/copy.tsx';

const OTHER_LOCALE: Record<Locale, Locale> = { en: 'hi', hi: 'en' };

/** The same page in the other language. */
export function useOtherLanguage(): { locale: Locale; path: string } {
  const { pathname } = useLocation();
  const locale = OTHER_LOCALE[usePageLocale()];
  return { locale, path: localizedPath(locale, unlocalizedPath(pathname)) };
}
