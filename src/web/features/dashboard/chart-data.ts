import type { DailyInquiryCount } from '../../../shared/contracts/dashboard.ts';

/** The statuses stacked in each day's bar, bottom first. */
export const CHART_SERIES = [
  { key: 'new', label: 'New', color: 'bg-blue-500' },
  { key: 'inProgress', label: 'In Progress', color: 'bg-yellow-400' },
  { key: 'resolved', label: 'Resolved', color: 'bg-green-500' },
  { key: 'closed', label: 'Closed', color: 'bg-gray-400' },
] as const satisfies readonly { key: keyof Omit<DailyInquiryCount, 'date'>; label: string; color: string }[];

export function dayTotal(day: DailyInquiryCount): number {
  return day.new + day.inProgress + day.resolved + day.closed;
}

/** The top of the chart's scale: the busiest day rounded up to 1, 2 or 5 times a power of ten (at least 4). */
export function chartMax(perDay: readonly DailyInquiryCount[]): number {
  const busiest = Math.max(0, ...perDay.map(dayTotal));
  if (busiest <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(busiest));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= busiest) ?? 10;
  return step * power;
}

/** "2026-03-12" as the viewer writes a short date ("12 Mar", "Mar 12"); the text itself if malformed. */
export function formatChartDay(date: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  // The server already counted in the viewer's days: show the calendar date as given, in UTC.
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(day);
}

/** A sentence for screen readers and the tooltip of a day's bar. */
export function describeDay(day: DailyInquiryCount, locale?: string): string {
  const total = dayTotal(day);
  const label = formatChartDay(day.date, locale);
  if (total === 0) return `${label}: no inquiries`;
  const parts = CHART_SERIES.filter((series) => day[series.key] > 0).map(
    (series) => `${day[series.key]} ${series.label.toLowerCase()}`,
  );
  return `${label}: ${total} ${total === 1 ? 'inquiry' : 'inquiries'} (${parts.join(', ')})`;
}
