import type { ReactNode } from 'react';

/**
 * A section of its own, named by its heading (h2) for assistive tech: a card, a notice or a banner, by the
 * classes given (each page keeps its own look, and no page ships the others').
 */
export function Card({
  headingId,
  heading,
  className,
  headingClassName,
  children,
}: {
  headingId: string;
  heading: string;
  className: string;
  headingClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
