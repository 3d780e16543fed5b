const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the viewer's locale and time zone, e.g. "12 Mar 2026, 3:04 pm"; '' for a malformed value. */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

/** A <time> element showing a moment in the viewer's locale, with the exact value for machines. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className={className}>
      {formatDateTime(value)}
    </time>
  );
}
