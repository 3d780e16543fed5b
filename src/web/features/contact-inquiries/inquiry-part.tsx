import { type ReactNode, type Ref, useId } from 'react';
import { cx } from '../../lib/class-names.ts';
import { DETAIL_LABEL_CLASS } from '../../ui/detail-field.tsx';
import { QueryContent, type QueryContentProps } from '../../ui/query-content.tsx';

/** A part of the inquiry's dialog under its own heading (history, notes). */
export function InquiryPart({
  title,
  headingRef,
  children,
}: {
  title: string;
  /** For a heading that takes the focus when what had it is gone (a deleted note). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={cx(DETAIL_LABEL_CLASS, headingRef && 'outline-none')}
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

export interface InquiryPartListProps<Entry>
  extends Omit<QueryContentProps<readonly Entry[]>, 'look' | 'children'> {
  /** Said in its place when there is none. */
  empty: string;
  /** One entry's <li>, with its key. */
  children: (entry: Entry) => ReactNode;
  /** Below the list, e.g. that only the latest entries are shown. */
  footer?: (entries: readonly Entry[]) => ReactNode;
}

/** The entries of a part, oldest or newest first as loaded, or a line saying there are none yet. */
export function InquiryPartList<Entry>({ empty, children, footer, ...query }: InquiryPartListProps<Entry>) {
  return (
    <QueryContent {...query} look="inline">
      {(entries) =>
        entries.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <>
            <ol className="space-y-2">{entries.map((entry) => children(entry))}</ol>
            {footer?.(entries)}
          </>
        )
      }
    </QueryContent>
  );
}
