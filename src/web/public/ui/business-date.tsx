import { useMemo } from 'react';
import { useOptionalSiteSettings } from '../site-settings-data.ts';

/**
 * A day as the business counts it: in its time zone (a setting, Asia/Kolkata by default), in `locale`. The
 * server and the browser format it alike, whatever the visitor's clock says, so hydration never changes it:
 * a post published at 00:57 in India is dated that day, not the UTC day before.
 */
export function BusinessDate({
  iso,
  locale,
  options,
  className,
}: {
  iso: string;
  locale: string;
  options: Intl.DateTimeFormatOptions;
  className?: string;
}) {
  const timeZone = useOptionalSiteSettings()?.timeZone;
  const text = useMemo(
    () => new Date(iso).toLocaleDateString(locale, { ...options, ...(timeZone ? { timeZone } : {}) }),
    [iso, locale, options, timeZone],
  );
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
