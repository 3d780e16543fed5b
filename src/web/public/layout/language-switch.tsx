import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { INTL_LOCALE, type Locale, localizedPath, unlocalizedPath } from '../../../shared/rules/locales.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import type { PublicRouteHandle } from '../page-head.ts';
import { FOCUS_RING } from './nav-links.tsx';

const OTHER_LOCALE: Record<Locale, Locale> = { en: 'hi', hi: 'en' };

/** The same page in the other language: at the same path, unless the page's route says otherwise. */
function useOtherLanguage(): { locale: Locale; path: string } {
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

/** The header's link to the page in the other language, named in that language. */
export function LanguageSwitch() {
  const copy = useCopy('site');
  const other = useOtherLanguage();
  return (
    <Link
      to={other.path}
      hrefLang={INTL_LOCALE[other.locale]}
      lang={INTL_LOCALE[other.locale]}
      aria-label={copy('language.switchLabel')}
      className={cx(
        'rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50',
        FOCUS_RING,
      )}
    >
      {copy('language.switchText')}
    </Link>
  );
}

const DISMISSED_KEY = 'sampark.languageSuggestionDismissed';

/** Whether the browser's languages (what it sends as Accept-Language) put Hindi before English. */
function prefersHindi(): boolean {
  const first = navigator.languages.find((language) => /^(hi|en)\b/i.test(language));
  return first !== undefined && /^hi\b/i.test(first);
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * On an English page, a visitor whose browser asks for Hindi first is offered the Hindi page in a small
 * card that floats above the page (no layout shift) and goes away for good when closed. Never a redirect:
 * the URL decides the language.
 */
export function LanguageSuggestion() {
  const copy = useCopy('site');
  const locale = usePageLocale();
  const other = useOtherLanguage();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    setShown(locale === 'en' && prefersHindi() && !dismissed());
  }, [locale]);

  if (!shown) return null;
  const close = () => {
    setShown(false);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: the card stays closed until the next page.
    }
  };
  return (
    <aside
      lang={INTL_LOCALE[other.locale]}
      aria-label={copy('language.switchLabel')}
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-white p-3 pl-4 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200 md:bottom-4"
    >
      <p className="flex-1">
        {copy('language.suggestion')}{' '}
        <Link
          to={other.path}
          hrefLang={INTL_LOCALE[other.locale]}
          onClick={close}
          className={cx('font-semibold text-indigo-700 underline', FOCUS_RING)}
        >
          {copy('language.suggestionLink')}
        </Link>
      </p>
      <button
        type="button"
        onClick={close}
        lang={INTL_LOCALE[locale]}
        aria-label={copy('language.suggestionDismiss')}
        className={cx('rounded-full p-2 text-slate-600 hover:bg-slate-100', FOCUS_RING)}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
