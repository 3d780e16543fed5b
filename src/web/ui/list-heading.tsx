import type { ComponentProps } from 'react';

/**
 * A list's heading (an h2). Script can focus it: focus goes here when the entry that had it is gone
 * (deleted, or on another page now).
 */
export function ListHeading(props: ComponentProps<'h2'>) {
  return <h2 tabIndex={-1} {...props} />;
}

/** Read out by screen readers when it changes (e.g. "Hello created."); not shown. */
export function Announcement({ children }: { children: string }) {
  return (
    <p className="sr-only" aria-live="polite">
      {children}
    </p>
  );
}
