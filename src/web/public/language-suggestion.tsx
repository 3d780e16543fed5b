import { X } from 'lucide-react';
import { Link } from 'react-router';
import { useCopy, usePageLocale } from '../i18n/copy.tsx';
import { cx } from '../lib/class-names.ts';
import { FOCUS_RING } from './layout/nav-links.tsx';
import { useOtherLanguage } from './layout/other-language.ts';

/**
 * The card offering the page in the other language: it floats above the page, so nothing moves. Loaded on
 * demand by LanguageSuggestion (layout/language-switch.tsx), outside the shell every page downloads.
 */
export function LanguageSuggestionCard({ onClose }: { onClose: () => void }) {
  const copy = useCopy('site');
  const locale = usePageLocale();
  const other = useOtherLanguage();
  return (
    <aside
      lang={other.locale}
      aria-label={copy('language.switchLabel')}
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-white p-3 pl-4 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200 md:bottom-4"
    >
      <p className="flex-1">
        {copy('language.suggestion')}{' '}
        <Link
          to={other.path}
          hrefLang={other.locale}
          onClick={onClose}
          className={cx('font-semibold text-indigo-700 underline', FOCUS_RING)}
        >
          {copy('language.suggestionLink')}
        </Link>
      </p>
      <button
        type="button"
        onClick={onClose}
        lang={locale}
        aria-label={copy('language.suggestionDismiss')}
        className={cx('rounded-full p-2 text-slate-600 hover:bg-slate-100', FOCUS_RING)}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
