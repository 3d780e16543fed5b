import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A part of a card that takes the place of what had the focus (a form, a button): its heading takes the
 * focus when it appears, so a screen reader goes on from there.
 */
export function FocusedPanel({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-4">
      <h3
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 outline-none"
      >
        {title}
      </h3>
      {children}
    </section>
  );
}
