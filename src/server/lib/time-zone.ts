import { zonedClock } from '../../shared/rules/zoned-clock.ts';

/** Moments written as a spreadsheet reads them, in a time zone: `2026-11-24 21:05:09`. */
export function localDateTimeFormatter(timeZone: string): (moment: string | Date) => string {
  return (moment) => {
    const { date, time } = zonedClock(moment, timeZone);
    return `${date} ${time}`;
  };
}

/** The date (`2026-11-24`) and hour (0–23) of `moment` in `timeZone`: when a daily digest is due. */
export function zonedDateAndHour(moment: number | Date, timeZone: string): { date: string; hour: number } {
  const { date, minutes } = zonedClock(moment, timeZone);
  return { date, hour: Math.floor(minutes / 60) };
}

/** A moment as a person reads it in an email, with its zone: `24 Nov 2026, 21:05 (Asia/Kolkata)`. */
export function readableDateTimeFormatter(timeZone: string): (moment: string | Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (moment) => `${format.format(new Date(moment))} (${timeZone})`;
}
