import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

/** The look of a fact's label in a detail dialog, also used where a fact is laid out otherwise. */
export const DETAIL_LABEL_CLASS = 'text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** One fact of a detail dialog's <dl>: its label above its value; `wide` takes the whole row of a grid. */
export function DetailField({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cx('min-w-0', wide && 'sm:col-span-2')}>
      <dt className={DETAIL_LABEL_CLASS}>{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
