import { useBusinessTimeZone } from '../lib/business-time-zone.ts';

type DateStyle = 'date' | 'date-time';

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per style and zone (building one is costly; a list shows many dates). */
function formatter(style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      ...(style === 'date-time' ? { timeStyle: 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment in the viewer's locale and the business's time zone, e.g. "12 Mar 2026, 3:04 pm"; '' for a
 * malformed value. Without a zone, the viewer's own.
 */
function formatMoment(iso: string, timeZone: string | undefined, style: DateStyle = 'date-time'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(style, timeZone).format(date);
}

/**
 * A <time> element showing a moment in the business's time zone (the viewer's locale), with the exact value
 * for machines. Empty for the moment the settings take to arrive, rather than showing another zone's time.
 */
export function DateTime({
  value,
  className,
  style = 'date-time',
}: {
  value: string;
  className?: string;
  style?: DateStyle;
}) {
  const timeZone = useBusinessTimeZone();
  return (
    <time dateTime={value} className={className}>
      {timeZone === null ? '' : formatMoment(value, timeZone, style)}
    </time>
  );
}
