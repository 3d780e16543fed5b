import type { ReactNode, Ref } from 'react';
import { ListHeading } from './list-heading.tsx';
import { Pager, type PagerProps } from './pager.tsx';
import { RefreshBar } from './refresh-bar.tsx';

export interface PagedResultsProps {
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** "All inquiries", or "Matching inquiries" for a search. */
  title: string;
  /** "Showing 21–40 of 45", beside the title. */
  summary?: string | null;
  /** A request for the list is on its way. */
  busy: boolean;
  /** The entries shown are the previous page's while the next one is on its way. */
  stale: boolean;
  pager: PagerProps | null;
  /** The list, or what stands in its place (a ListContent). */
  children: ReactNode;
}

/** One page of a searchable list, under its heading, with the pages below it. */
export function PagedResults({
  headingId,
  headingRef,
  title,
  summary,
  busy,
  stale,
  pager,
  children,
}: PagedResultsProps) {
  return (
    <section aria-labelledby={headingId} aria-busy={busy || undefined} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <ListHeading
          id={headingId}
          ref={headingRef}
          className="scroll-mt-20 text-lg font-semibold text-slate-900 outline-none"
        >
          {title}
        </ListHeading>
        {summary && (
          <p aria-live="polite" className="text-sm text-slate-600">
            {summary}
          </p>
        )}
      </div>
      <RefreshBar active={stale} />
      {children}
      {pager && <Pager {...pager} />}
    </section>
  );
}
