import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { localizedText } from '../../../shared/rules/localized-text.ts';
import {
  businessHoursRows,
  type OpeningHoursRow,
  upcomingClosures,
  visitorDate,
} from '../../../shared/rules/opening-hours.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';
import type { OpenMomentWords } from '../open-status-data.ts';
import { useRenderedAt, useSiteSettings } from '../site-settings-data.ts';
import { OpenStatusLine } from './open-status.tsx';

/** Closures the Business Hours block lists: the next few holidays are what a visitor plans around. */
const CLOSURES_SHOWN = 5;

/**
 * The Business Hours rows in the page's language: from the hours as data ("Mon–Fri", "9:00 AM – 8:00 PM",
 * decision 073), or, for a site that has not saved a schedule yet, its rows of text.
 */
export function useBusinessHoursRows(
  settings: Pick<SiteSettings, 'businessHours' | 'openingHours'>,
): OpeningHoursRow[] {
  return businessHoursRows(settings, usePageLocale());
}

/** The next closures, their days as visitors read them ("Sun, 8 Nov") and why, in the page's language. */
function useUpcomingClosures(): { day: string; note: string }[] {
  const { openingHours, timeZone } = useSiteSettings();
  const renderedAt = useRenderedAt();
  const locale = usePageLocale();
  if (!openingHours) return [];
  return upcomingClosures(openingHours, timeZone, new Date(renderedAt), CLOSURES_SHOWN).map((closure) => ({
    day: visitorDate(closure.date, locale),
    note: localizedText(locale, closure.note, closure.noteHi),
  }));
}

/**
 * When the team answers: the rows of useBusinessHoursRows, always shown; with hours as data, whether it is
 * open now and the next closures.
 */
export function BusinessHours({
  rows,
  openNow,
}: {
  rows: readonly OpeningHoursRow[];
  openNow?: OpenMomentWords | undefined;
}) {
  const copy = useCopy('contact');
  const closures = useUpcomingClosures();
  return (
    <section
      aria-labelledby="business-hours-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="business-hours-heading" className="text-xl font-semibold text-slate-900">
        {copy('hoursHeading')}
      </h2>
      {openNow && <OpenStatusLine moment={openNow} className="mt-2" />}
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
      {closures.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">{copy('openStatus.closuresHeading')}</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {closures.map((closure) => (
              <li key={closure.day}>
                <span className="font-medium text-slate-900">{closure.day}</span>: {closure.note}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
