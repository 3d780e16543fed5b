import { useEffect, useState } from 'react';
import { INTL_LOCALE, type Locale } from '../../../shared/rules/locales.ts';
import { usePageLocale } from '../../i18n/copy.tsx';

const DATE_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

/** The server renders the date as it is in India (where the visitors are), in the page's language. */
const SERVER_DATE_FORMATS: Readonly<Record<Locale, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { ...DATE_STYLE, timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat(INTL_LOCALE.hi, { ...DATE_STYLE, timeZone: 'Asia/Kolkata' }),
};

/**
 * The locale the browser shows the date in: on an English page the visitor's own (SPEC section 9), on a page
 * in another language that language, whatever the browser's setting.
 */
function browserDateLocale(locale: Locale): string | undefined {
  return locale === 'en' ? undefined : INTL_LOCALE[locale];
}

/**
 * "Last updated: <today>" (SPEC: the footer shows the current date). The server's HTML has the date in
 * India; after hydration it is shown in the visitor's own time zone (SPEC section 9).
 */
export function LastUpdated({ label }: { label: string }) {
  const locale = usePageLocale();
  const [now] = useState(() => new Date());
  const [text, setText] = useState(() => SERVER_DATE_FORMATS[locale].format(now));
  useEffect(
    () => setText(new Intl.DateTimeFormat(browserDateLocale(locale), DATE_STYLE).format(now)),
    [now, locale],
  );
  const isoDate = now.toISOString().slice(0, 10);
  return (
    <p className="text-sm text-slate-600">
      {label} {/* Around midnight the browser's first render may fall on another day than the server's. */}
      <time dateTime={isoDate} suppressHydrationWarning>
        {text}
      </time>
    </p>
  );
}
