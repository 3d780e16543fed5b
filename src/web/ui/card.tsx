import { type ReactNode, useId } from 'react';
import { cx } from '../lib/class-names.ts';

export interface CardProps {
  /** The card's heading (an h2), which names it for screen readers. */
  title: ReactNode;
  /** The heading's id; one is made up when none is given. */
  titleId?: string;
  className?: string;
  children?: ReactNode;
}

/** A white panel of a screen with its heading: a section of settings, the profile's account, a list. */
export function Card({ title, titleId, className, children }: CardProps) {
  const madeUpId = useId();
  const id = titleId ?? madeUpId;
  return (
    <section
      aria-labelledby={id}
      className={cx('rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
