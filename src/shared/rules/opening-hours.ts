import type { Locale } from './locales.ts';
import { localizedText } from './localized-text.ts';
import { zonedClock } from './zoned-clock.ts';

/**
 * The business's opening hours as data (decision 073): a week of periods and closures by date, read in the
 * business's time zone. A period's times are wall-clock times ("HH:MM", 24-hour); one that closes at or
 * before it opens runs past midnight into the next day ("18:00"–"02:00"), and "00:00" as a closing time is
 * midnight.
 */
export interface OpeningPeriod {
  opens: string;
  closes: string;
}

/** A day the business is closed whatever its week says (a holiday), with what visitors are told. */
export interface Closure {
  /** The day in the business's time zone, "YYYY-MM-DD". */
  date: string;
  note: string;
  /** The note on Hindi pages; empty: the English one. */
  noteHi: string;
}

export interface OpeningHours {
  /** Monday first: seven days, each with its periods in the order of the day (none: closed). */
  week: OpeningPeriod[][];
  closures: Closure[];
}

/** A moment of the week as the business's clock reads it. */
export interface WallTime {
  /** 0 is Monday, 6 Sunday. */
  weekday: number;
  /** "HH:MM", 24-hour. */
  time: string;
  /** "YYYY-MM-DD". */
  date: string;
}

export type OpenStatus =
  | { open: true; closes: WallTime; minutesToClose: number }
  | {
      open: false;
      /** The next opening within a fortnight; null when the week has no period at all. */
      opens: WallTime | null;
      /** Wall-clock minutes until then. */
      minutesToOpen: number | null;
      /** Today's closure, when that is why the business is closed. */
      closedToday: Closure | null;
    };

const MINUTES_A_DAY = 24 * 60;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** How far ahead the next opening is looked for: a fortnight covers a week with a run of closures in it. */
const DAYS_AHEAD = 14;

/** Minutes since midnight of a "HH:MM" time; NaN for anything else. */
export function minutesOf(time: string): number {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Intl's formatters, made once per language (or time zone) and kind: making one costs far more than using it
 * (about 2 ms for a week's rows when each time made its own, paid at every render of a page with the hours).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let made = formatters.get(key);
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** A period as minutes from its day's midnight: the end past the start, beyond midnight when it runs past it. */
export function periodSpan({ opens, closes }: OpeningPeriod): { start: number; end: number } {
  const start = minutesOf(opens);
  const end = minutesOf(closes);
  return { start, end: end <= start ? end + MINUTES_A_DAY : end };
}

/** The calendar date `days` after "YYYY-MM-DD" (wall-clock days: no time zone involved). */
function dateAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** What the business's clock reads at `now`: the date, the weekday (Monday 0) and minutes since midnight. */
export function wallClock(now: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const { date, weekday, minutes } = zonedClock(now, timeZone);
  return { date, weekday, minutes };
}

/**
 * Whether the business is open at `now` in its time zone, and until when; or when it opens next, and
 * whether a closure is why it is closed today. A period that began yesterday and runs past midnight still
 * counts today, even on a closure's date; a closure's own periods do not open.
 */
export function openStatus(hours: OpeningHours, timeZone: string, now: Date): OpenStatus {
  return statusAt(hours, wallClock(now, timeZone));
}

type Clock = ReturnType<typeof wallClock>;

function statusAt(hours: OpeningHours, today: Clock): OpenStatus {
  const closed = new Map(hours.closures.map((closure) => [closure.date, closure]));
  // Each day's periods from yesterday on, as minutes from today's midnight.
  for (let offset = -1; offset <= DAYS_AHEAD; offset++) {
    const date = dateAfter(today.date, offset);
    if (closed.has(date)) continue;
    const weekday = (((today.weekday + offset) % 7) + 7) % 7;
    for (const period of hours.week[weekday] ?? []) {
      const { start, end } = periodSpan(period);
      const from = offset * MINUTES_A_DAY + start;
      const to = offset * MINUTES_A_DAY + end;
      if (to <= today.minutes) continue;
      if (from <= today.minutes) {
        const closesOn = Math.floor(to / MINUTES_A_DAY);
        return {
          open: true,
          closes: {
            weekday: (((today.weekday + closesOn) % 7) + 7) % 7,
            time: timeOf(to - closesOn * MINUTES_A_DAY),
            date: dateAfter(today.date, closesOn),
          },
          minutesToClose: to - today.minutes,
        };
      }
      return {
        open: false,
        opens: { weekday, time: period.opens, date },
        minutesToOpen: from - today.minutes,
        closedToday: closed.get(today.date) ?? null,
      };
    }
  }
  return { open: false, opens: null, minutesToOpen: null, closedToday: closed.get(today.date) ?? null };
}

/** Within this many minutes of closing, visitors are told the business is closing soon. */
export const CLOSING_SOON_MINUTES = 30;

/** What visitors are told from `at` (milliseconds since the epoch) until the next moment's `at`. */
export interface OpenMoment {
  at: number;
  status: OpenStatus;
  /** The business's date at `at` ("YYYY-MM-DD"): what "today" and "tomorrow" are counted from. */
  date: string;
}

/**
 * The wall-clock minutes from `minutes` past midnight until what visitors are told may change: the next
 * opening, closing or the start of its last CLOSING_SOON_MINUTES, or midnight ("tomorrow" becomes "today").
 */
function minutesToNextChange(status: OpenStatus, minutes: number): number {
  const untilMidnight = MINUTES_A_DAY - minutes;
  if (status.open) {
    const { minutesToClose } = status;
    const change =
      minutesToClose > CLOSING_SOON_MINUTES ? minutesToClose - CLOSING_SOON_MINUTES : minutesToClose;
    return Math.min(change, untilMidnight);
  }
  return Math.min(status.minutesToOpen ?? untilMidnight, untilMidnight);
}

const MINUTE_MS = 60_000;

/**
 * What visitors are told from `now` on, moment by moment, `count` moments (decision 074): the page says the
 * first, and its script moves on to each next one at its time, so a page left open stays true. The moments
 * are found on the business's clock and placed in real time, so a day that changes its clock (daylight
 * saving) still turns at the right wall-clock minute. A count rather than a span of time: the moments, and so
 * the page, change only when the first one ends.
 */
export function openTimeline(hours: OpeningHours, timeZone: string, now: Date, count: number): OpenMoment[] {
  const moments: OpenMoment[] = [];
  const clockAt = (at: number) => wallClock(new Date(at), timeZone);
  let at = now.getTime();
  let clock = clockAt(at);
  while (moments.length < count) {
    const status = statusAt(hours, clock);
    moments.push({ at, status, date: clock.date });
    const step = minutesToNextChange(status, clock.minutes);
    const minuteStart = at - (at % MINUTE_MS);
    // The next change, at the start of its minute; a change of the clock's offset on the way is undone.
    let next = minuteStart + step * MINUTE_MS;
    let nextClock = clockAt(next);
    const drift = (clock.minutes + step - nextClock.minutes) % MINUTES_A_DAY;
    if (drift !== 0) {
      const wrapped = ((drift + MINUTES_A_DAY * 1.5) % MINUTES_A_DAY) - MINUTES_A_DAY / 2;
      // Never backwards (a clock set back an hour): at least a minute on.
      next = Math.max(next + wrapped * MINUTE_MS, minuteStart + MINUTE_MS);
      nextClock = clockAt(next);
    }
    at = next;
    clock = nextClock;
  }
  return moments;
}

/** Moments read at a time while adding up open minutes: few first (most waits end within a day), then more. */
const FIRST_MOMENTS = 4;
const MOST_MOMENTS = 64;

/**
 * The minutes the business was open between two instants (milliseconds since the epoch), by its week and
 * closures on its own clock: how long an inquiry waited in business hours (decision 080).
 */
export function openMinutesBetween(
  hours: OpeningHours,
  timeZone: string,
  from: number,
  to: number,
  /** Stop counting past this many minutes: enough to tell an inquiry is overdue. */
  atMost = Number.POSITIVE_INFINITY,
): number {
  let open = 0;
  let at = from;
  let count = FIRST_MOMENTS;
  while (at < to && open / MINUTE_MS < atMost) {
    const moments = openTimeline(hours, timeZone, new Date(at), count);
    for (const [index, moment] of moments.entries()) {
      const next = moments[index + 1];
      if (!next) break;
      if (moment.status.open) open += Math.min(next.at, to) - Math.min(moment.at, to);
      at = next.at;
      if (at >= to || open / MINUTE_MS >= atMost) break;
    }
    count = Math.min(count * 2, MOST_MOMENTS);
  }
  return open / MINUTE_MS;
}

/** A row of the Business Hours block: a run of days with the same hours ("Mon–Fri", "9:00 AM – 8:00 PM"). */
export interface OpeningHoursRow {
  days: string;
  /** The periods as visitors read them, or "Closed" in the page's language. */
  hours: string;
}

/** A day without a period, as the Business Hours block and the contact card say it. */
const CLOSED: Record<Locale, string> = { en: 'Closed', hi: 'बंद' };

/** English times as "9:00 AM"; Hindi ones with the part of the day, as "सुबह 9:00" and "रात 8:00". */
const TIME_FORMATS: Record<Locale, Intl.DateTimeFormatOptions & { locale: string }> = {
  en: { locale: 'en-US', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' },
  hi: {
    locale: 'hi-IN',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    dayPeriod: 'short',
    timeZone: 'UTC',
  },
};

/** A "HH:MM" time as visitors of the page's language read it. */
function formatTime(time: string, language: Locale): string {
  const minutes = minutesOf(time);
  return formatter(`time:${language}`, () => {
    const { locale, ...options } = TIME_FORMATS[language];
    return new Intl.DateTimeFormat(locale, options);
  }).format(new Date(Date.UTC(2024, 0, 1, Math.floor(minutes / 60), minutes % 60)));
}

/** A weekday's name (Monday 0) in the page's language, short ("Mon", "सोम") or long ("Monday", "सोमवार"). */
function weekdayName(weekday: number, language: Locale, width: 'short' | 'long'): string {
  // 1 January 2024 was a Monday.
  return formatter(
    `weekday:${language}:${width}`,
    () => new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', { weekday: width, timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(2024, 0, 1 + weekday)));
}

const sameHours = (a: OpeningPeriod[], b: OpeningPeriod[]) =>
  a.length === b.length &&
  a.every((period, index) => period.opens === b[index]?.opens && period.closes === b[index]?.closes);

/**
 * The week in the visitor-friendly form of the Business Hours block: days in a row with the same hours
 * joined ("Mon–Fri 9:00 AM – 8:00 PM"), several periods of a day one after the other.
 */
export function openingHoursRows(hours: OpeningHours, language: Locale): OpeningHoursRow[] {
  const rows: OpeningHoursRow[] = [];
  let first = 0;
  for (let weekday = 1; weekday <= 7; weekday++) {
    if (weekday < 7 && sameHours(hours.week[weekday] ?? [], hours.week[first] ?? [])) continue;
    const last = weekday - 1;
    const days =
      first === last
        ? weekdayName(first, language, 'short')
        : `${weekdayName(first, language, 'short')}–${weekdayName(last, language, 'short')}`;
    const periods = (hours.week[first] ?? []).map(
      ({ opens, closes }) => `${formatTime(opens, language)} – ${formatTime(closes, language)}`,
    );
    rows.push({ days, hours: periods.length > 0 ? periods.join(', ') : CLOSED[language] });
    first = weekday;
  }
  return rows;
}

/** The owner's hours as rows of text, as sites kept them before the hours were data (decision 073). */
interface BusinessHoursText {
  days: string;
  hours: string;
  daysHi?: string | undefined;
  hoursHi?: string | undefined;
}

/** The Business Hours block's rows in a language: from the hours as data, else the owner's rows of text. */
export function businessHoursRows(
  settings: { openingHours?: OpeningHours | undefined; businessHours: readonly BusinessHoursText[] },
  language: Locale,
): OpeningHoursRow[] {
  if (settings.openingHours) return openingHoursRows(settings.openingHours, language);
  return settings.businessHours.map((row) => ({
    days: localizedText(language, row.days, row.daysHi),
    hours: localizedText(language, row.hours, row.hoursHi),
  }));
}

/** When a moment of the business's clock comes, as visitors read it: its time, and its day from `today`'s. */
export interface VisitorWhen {
  day: 'today' | 'tomorrow' | 'later';
  /** For a later day, its name ("Monday"), with its date when it is a week or more ahead. */
  dayName: string;
  time: string;
}

export function visitorWhen(moment: WallTime, today: string, language: Locale): VisitorWhen {
  const time = formatTime(moment.time, language);
  if (moment.date === today) return { day: 'today', dayName: '', time };
  if (moment.date === dateAfter(today, 1)) return { day: 'tomorrow', dayName: '', time };
  const withinWeek = moment.date < dateAfter(today, 7);
  const dayName = withinWeek
    ? weekdayName(moment.weekday, language, 'long')
    : formatter(
        `date:${language}`,
        () =>
          new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            timeZone: 'UTC',
          }),
      ).format(new Date(`${moment.date}T00:00:00Z`));
  return { day: 'later', dayName, time };
}

/** A closure's day as visitors read it: "Sun, 8 Nov", "रवि, 8 नव॰". */
export function visitorDate(date: string, language: Locale): string {
  return formatter(
    `day:${language}`,
    () =>
      new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }),
  ).format(new Date(`${date}T00:00:00Z`));
}

/** The closures from `now`'s day on (the business's), soonest first, at most `count`. */
export function upcomingClosures(hours: OpeningHours, timeZone: string, now: Date, count: number): Closure[] {
  const today = wallClock(now, timeZone).date;
  return hours.closures
    .filter((closure) => closure.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, count);
}
