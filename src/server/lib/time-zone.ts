/**
 * Moments written as a spreadsheet reads them, in a time zone: `2026-11-24 21:05:09`. One formatter per
 * export (building one is costly; an export writes thousands of dates).
 */
export function localDateTimeFormatter(timeZone: string): (moment: string | Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (moment) => {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of format.formatToParts(new Date(moment))) parts[part.type] = part.value;
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}

/** The date (`2026-11-24`) and hour (0–23) of `moment` in `timeZone`: when a daily digest is due. */
export function zonedDateAndHour(moment: number | Date, timeZone: string): { date: string; hour: number } {
  const [date = '', time = ''] = localDateTimeFormatter(timeZone)(new Date(moment)).split(' ');
  return { date, hour: Number(time.slice(0, 2)) };
}

/** A moment as a person reads it in an email, with its zone: `24 Nov 2026, 21:05 (Asia/Kolkata)`. */
export function readableDateTimeFormatter(timeZone: string): (moment: string | Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (moment) => `${format.format(new Date(moment))} (${timeZone})`;
}
