import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { localizedText } from '../../../shared/rules/localized-text.ts';
import { type OpeningHoursRow, openingHoursRows } from '../../../shared/rules/opening-hours.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';

/**
 * The Business Hours rows in the page's language: from the hours as data ("Mon–Fri", "9:00 AM – 8:00 PM",
 * decision 073), or, for a site that has not saved a schedule yet, its rows of text.
 */
export function useBusinessHoursRows(
  settings: Pick<SiteSettings, 'businessHours' | 'openingHours'>,
): OpeningHoursRow[] {
  const locale = usePageLocale();
  if (settings.openingHours) return openingHoursRows(settings.openingHours, locale);
  return settings.businessHours.map((row) => ({
    days: localizedText(locale, row.days, row.daysHi),
    hours: localizedText(locale, row.hours, row.hoursHi),
  }));
}

/** When the team answers: the rows of useBusinessHoursRows, always shown. */
export function BusinessHours({ rows }: { rows: readonly OpeningHoursRow[] }) {
  const copy = useCopy('contact');
  return (
    <section
      aria-labelledby="business-hours-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="business-hours-heading" className="text-xl font-semibold text-slate-900">
        {copy('hoursHeading')}
      </h2>
      <dl className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((row) => (
          <div
            key={`${row.days}-${row.hours}`}
            className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200"
          >
            <dt className="text-sm font-medium text-slate-600">{row.days}</dt>
            <dd className="mt-0.5 font-semibold text-slate-900">{row.hours}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
