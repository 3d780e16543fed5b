import { useEffect, useState } from 'react';

const DATE_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'long' };
/** The server renders the date as it is in India (where the visitors are), in a fixed format. */
const SERVER_DATE_FORMAT = new Intl.DateTimeFormat('en-IN', { ...DATE_STYLE, timeZone: 'Asia/Kolkata' });

/**
 * "Last updated: <today>" (SPEC: the footer shows the current date). The server's HTML has the date in
 * India; after hydration it is shown in the visitor's own locale and time zone (SPEC section 9).
 */
export function LastUpdated({ label }: { label: string }) {
  const [now] = useState(() => new Date());
  const [text, setText] = useState(() => SERVER_DATE_FORMAT.format(now));
  useEffect(() => setText(new Intl.DateTimeFormat(undefined, DATE_STYLE).format(now)), [now]);
  const isoDate = now.toISOString().slice(0, 10);
  return (
    <p className="text-sm text-slate-600">
      {label} {/* Around midnight the browser's first render may fall on another day than the server's. */}
      <time dateTime={isoDate} suppressHydrationWarning>
        {text}
      </time>
    </p>
  );
}
