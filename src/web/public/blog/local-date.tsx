import { useEffect, useState } from 'react';

/**
 * A date in the viewer's own time zone (and locale, unless one is given). The server cannot know either, so
 * the page is rendered with the UTC day and corrected once hydrated: the markup matches for hydration.
 */
export function LocalDate({
  iso,
  locale,
  options,
  className,
}: {
  iso: string;
  locale?: string;
  options?: Intl.DateTimeFormatOptions;
  className?: string;
}) {
  const [text, setText] = useState(() =>
    new Date(iso).toLocaleDateString(locale ?? 'en-US', { ...options, timeZone: 'UTC' }),
  );
  useEffect(() => setText(new Date(iso).toLocaleDateString(locale, options)), [iso, locale, options]);
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
