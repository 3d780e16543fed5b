import { localizedText } from '../../../shared/rules/localized-text.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';

export interface BusinessHoursRow {
  days: string;
  hours: string;
  daysHi?: string;
  hoursHi?: string;
}

/** When the team answers: the admin's rows from the site settings, always shown. */
export function BusinessHours({ rows }: { rows: readonly BusinessHoursRow[] }) {
  const copy = useCopy('contact');
  const locale = usePageLocale();
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
            <dt className="text-sm font-medium text-slate-600">
              {localizedText(locale, row.days, row.daysHi)}
            </dt>
            <dd className="mt-0.5 font-semibold text-slate-900">
              {localizedText(locale, row.hours, row.hoursHi)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
