import { TZDate } from '@date-fns/tz';

/** A moment as a date and a time field show it: `2026-11-25` and `15:30`. */
export interface WallClock {
  date: string;
  time: string;
}

const DATE_FIELD = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_FIELD = /^(\d{2}):(\d{2})$/;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The date and time an instant (ISO 8601) shows on a clock in `timeZone` (without one, the viewer's). */
export function wallClockOf(iso: string, timeZone: string | undefined): WallClock {
  const ms = Date.parse(iso);
  const at = timeZone ? new TZDate(ms, timeZone) : new Date(ms);
  return {
    date: `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`,
    time: `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`,
  };
}

/**
 * The instant (UTC ISO 8601) at which a clock in `timeZone` shows this date and time; '' while either
 * field is empty or not a date or time, which the form's schema names as a missing time.
 */
export function instantOf({ date, time }: WallClock, timeZone: string | undefined): string {
  const day = DATE_FIELD.exec(date);
  const clock = TIME_FIELD.exec(time);
  if (!day || !clock) return '';
  const [year, month, dayOfMonth, hours, minutes] = [...day.slice(1), ...clock.slice(1)].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const at = timeZone
    ? new TZDate(year, month - 1, dayOfMonth, hours, minutes, timeZone)
    : new Date(year, month - 1, dayOfMonth, hours, minutes);
  // 31 February and the like roll over into another day: not the day that was chosen.
  if (Number.isNaN(at.getTime()) || wallClockOf(at.toISOString(), timeZone).date !== date) return '';
  return new Date(at.getTime()).toISOString();
}

/** The zone as the owner knows it, e.g. "India Standard Time", with its name for the unsure. */
export function timeZoneLabel(timeZone: string | undefined, at = new Date()): string {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const long = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return long && long !== zone ? `${long} (${zone})` : zone;
}
