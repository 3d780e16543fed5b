import type { Locale } from '../../../shared/rules/locales.ts';
import { localizedText } from '../../../shared/rules/localized-text.ts';
import {
  CLOSING_SOON_MINUTES,
  type OpenMoment,
  openTimeline,
  visitorWhen,
} from '../../../shared/rules/opening-hours.ts';
import { serializeJsonData } from '../../head.ts';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { type Copy, useCopy, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { OPEN_STATUS_DATA, type OpenMomentWords } from '../open-status-data.ts';
import { useRenderedAt, useSiteSettings } from '../site-settings-data.ts';

/**
 * The moments a page carries: about a week of a plain schedule (four a day: opening, closing soon, closing,
 * midnight), fewer days of one with several periods a day.
 */
const MOMENTS_AHEAD = 32;

type ContactCopy = Copy<Catalogues['contact']>;

function wordsOf({ at, status, date }: OpenMoment, copy: ContactCopy, locale: Locale): OpenMomentWords {
  if (status.open) {
    const time = visitorWhen(status.closes, date, locale).time;
    const soon = status.minutesToClose <= CLOSING_SOON_MINUTES;
    return {
      at,
      state: soon ? 'soon' : 'open',
      line: copy(soon ? 'openStatus.closingSoon' : 'openStatus.open', { time }),
    };
  }
  const closure = status.closedToday;
  const reason = closure ? localizedText(locale, closure.note, closure.noteHi) : '';
  // No opening within the fortnight openStatus looks through (a run of closures): closed, and no promise.
  if (!status.opens) {
    return {
      at,
      state: 'closed',
      line: closure ? copy('openStatus.closedTodayForNow', { reason }) : copy('openStatus.closedForNow'),
    };
  }
  const when = copy('openStatus.when', { ...visitorWhen(status.opens, date, locale) });
  return {
    at,
    state: 'closed',
    line: closure ? copy('openStatus.closedToday', { reason, when }) : copy('openStatus.closed', { when }),
    resume: copy('openStatus.resume', { when }),
  };
}

const sameWords = (a: OpenMomentWords, b: OpenMomentWords) =>
  a.state === b.state && a.line === b.line && a.resume === b.resume;

/**
 * What the page says about its opening hours now and at each next change, in the page's language; null for a
 * site whose hours are rows of text (decision 073) or whose week has no opening at all.
 */
export function useOpenMoments(): OpenMomentWords[] | null {
  const { openingHours, timeZone } = useSiteSettings();
  const renderedAt = useRenderedAt();
  const locale = usePageLocale();
  const copy = useCopy('contact');
  if (!openingHours || openingHours.week.every((periods) => periods.length === 0)) return null;
  const moments: OpenMomentWords[] = [];
  for (const moment of openTimeline(openingHours, timeZone, new Date(renderedAt), MOMENTS_AHEAD)) {
    const words = wordsOf(moment, copy, locale);
    // Midnight changes nothing while open: the moment before goes on.
    if (moments.length === 0 || !sameWords(moments.at(-1)!, words)) moments.push(words);
  }
  // The first holds since before the page: a page rendered again within it is the same page, byte for byte.
  moments[0]!.at = 0;
  return moments;
}

/** The moments as the page script reads them: once a page, beside what they change. */
export function OpenTimeline({ moments }: { moments: readonly OpenMomentWords[] }) {
  return (
    <script
      type="application/json"
      {...{ [OPEN_STATUS_DATA.timeline]: '' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (serializeJsonData).
      dangerouslySetInnerHTML={{ __html: serializeJsonData(moments) }}
    />
  );
}

/** "Open now · closes 8:00 PM" with a dot of its colour; the page script keeps it true. */
export function OpenStatusLine({ moment, className }: { moment: OpenMomentWords; className?: string }) {
  return (
    <p className={cx('flex items-center gap-2 text-sm font-semibold text-slate-800', className)}>
      <span
        aria-hidden="true"
        {...{ [OPEN_STATUS_DATA.state]: moment.state }}
        className={cx(
          'size-2.5 shrink-0 rounded-full',
          'data-[open=open]:bg-green-500 data-[open=soon]:bg-amber-500 data-[open=closed]:bg-slate-400',
        )}
      />
      <span {...{ [OPEN_STATUS_DATA.line]: '' }}>{moment.line}</span>
    </p>
  );
}
