import { X } from 'lucide-react';
import { Link } from 'react-router';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { FOCUS_RING } from './nav-links.tsx';
import { useOtherLanguage } from './other-language.ts';

/**
 * The link to the page in the other language, named in that language: in the header from small tablets
 * up, at the top of the phone menu, and in the footer.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const copy = useCopy('site');
  const other = useOtherLanguage();
  return (
    <Link
      to={other.path}
      hrefLang={other.locale}
      lang={other.locale}
      aria-label={copy('language.switchLabel')}
      className={cx(className, FOCUS_RING)}
    >
      {copy('language.switchText')}
    </Link>
  );
}

/**
 * On an English page, the card offering the page in Hindi, hidden: page-behaviours.ts shows it to a browser
 * that asks for Hindi first, until the visitor closes it for good. It floats above the page, so nothing moves.
 * Never a redirect: the URL decides the language.
 */
export function LanguageSuggestion() {
  const copy = useCopy('site');
  const locale = usePageLocale();
  const other = useOtherLanguage();
  if (locale !== 'en') return null;
  return (
    <aside
      hidden
      data-language-offer=""
      lang={other.locale}
      aria-label={copy('language.switchLabel')}
      className="language-offer"
    >
      <p className="flex-1">
        {copy('language.suggestion')}{' '}
        <Link to={other.path} hrefLang={other.locale}>
          {copy('language.suggestionLink')}
        </Link>
      </p>
      <button type="button" lang={locale} aria-label={copy('language.suggestionDismiss')}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
