import { lazy, Suspense, useEffect, useState } from 'react';
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

function rememberDismissed(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode: the card stays closed until the next page.
  }
}

// Its code loads only for the visitors it is shown to.
const SuggestionCard = lazy(() =>
  import('../language-suggestion.tsx').then((module) => ({ default: module.LanguageSuggestionCard })),
);

/**
 * On an English page, a visitor whose browser asks for Hindi first is offered the Hindi page in a small
 * card (language-suggestion.tsx) that goes away for good when closed. Never a redirect: the URL decides the
 * language.
 */
export function LanguageSuggestion() {
  const locale = usePageLocale();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(locale === 'en' && prefersHindi() && !dismissed());
  }, [locale]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SuggestionCard
        onClose={() => {
          setShown(false);
          rememberDismissed();
        }}
      />
    </Suspense>
  );
}
