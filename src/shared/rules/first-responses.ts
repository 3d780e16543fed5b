import { MINUTE_MS } from '../time.ts';
import { type OpeningHours, openMinutesBetween } from './opening-hours.ts';

/** First-response times (decision 080): how long inquiries waited for the team's first reply. */

/** An inquiry is overdue after this many business hours without a response, unless the owner says otherwise. */
export const DEFAULT_OVERDUE_AFTER_HOURS = 4;
export const OVERDUE_AFTER_HOURS_MAX = 72;

/**
 * How long an inquiry waited from `from` to `to`, in minutes: the business's open minutes when its hours are
 * data, else clock time. `atMost` stops the count early.
 */
export function waitedMinutes(
  hours: OpeningHours | undefined,
  timeZone: string,
  from: number,
  to: number,
  atMost?: number,
): number {
  return hours ? openMinutesBetween(hours, timeZone, from, to, atMost) : Math.max(0, to - from) / MINUTE_MS;
}

/** The first response's figures over some inquiries, in minutes. */
export interface ResponseStat {
  /** Inquiries answered. */
  count: number;
  medianMinutes: number;
  /** Nine in ten were answered within this. */
  p90Minutes: number;
}

/** The `share` percentile (0–1) of sorted values, by nearest rank: always one of the values. */
function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** The median and 90th percentile of waits in minutes; null without any. */
export function responseStat(minutes: readonly number[]): ResponseStat | null {
  if (minutes.length === 0) return null;
  const sorted = [...minutes].sort((a, b) => a - b);
  return {
    count: sorted.length,
    medianMinutes: percentile(sorted, 0.5),
    p90Minutes: percentile(sorted, 0.9),
  };
}
