import { createContext, useContext } from 'react';

/**
 * The business's time zone (a site setting): every date the back office shows is in it, wherever the owner
 * opens it. `null` while the settings are on their way; without a provider, the viewer's own zone.
 */
export const BusinessTimeZone = createContext<string | null | undefined>(undefined);

export function useBusinessTimeZone(): string | null | undefined {
  return useContext(BusinessTimeZone);
}

/** The zone's offset from UTC in minutes at `now` (Asia/Kolkata: 330); the viewer's own without a zone. */
export function utcOffsetMinutes(timeZone: string | undefined, now = new Date()): number {
  if (!timeZone) return -now.getTimezoneOffset() || 0;
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  // "GMT+05:30", "GMT-03:00", or "GMT" for UTC itself.
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}
