/**
 * What a clock in a time zone reads at a moment: the one reader of the business's clock, for the opening
 * hours (decision 073), the back office's dates and days (exports, digests, click counts) and the tests.
 */
export interface ZonedClock {
  /** "YYYY-MM-DD". */
  date: string;
  /** "HH:MM:SS", 24-hour. */
  time: string;
  /** 0 is Monday, 6 Sunday. */
  weekday: number;
  /** Minutes since midnight. */
  minutes: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** One formatter per zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let made = formatters.get(timeZone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, made);
  }
  return made;
}

export function zonedClock(moment: Date | number | string, timeZone: string): ZonedClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(moment))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}
