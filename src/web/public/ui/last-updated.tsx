import { INTL_LOCALE } from '../../../shared/rules/locales.ts';
import { usePageLocale } from '../../i18n/copy.tsx';
import { BusinessDate } from './business-date.tsx';

const DATE_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

/**
 * "Last updated: <day>": the day the page's text, or a setting it quotes, last changed, in the business's
 * time zone and the page's language.
 */
export function LastUpdated({ label, iso }: { label: string; iso: string }) {
  const locale = usePageLocale();
  return (
    <p className="text-sm text-slate-600">
      {label} <BusinessDate iso={iso} locale={INTL_LOCALE[locale]} options={DATE_STYLE} />
    </p>
  );
}
