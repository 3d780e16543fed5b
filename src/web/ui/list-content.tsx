import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { LoadFailed, type LoadFailedProps } from './load-failed.tsx';
import { LoadingState } from './loading-state.tsx';

/** What a screen shows when its list is empty: an optional title, a line, and perhaps a button. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      {title && <p className="font-medium text-slate-900">{title}</p>}
      <p className={cx(title && 'mt-1', 'text-slate-600')}>{children}</p>
      {action}
    </div>
  );
}

export interface ListContentProps {
  /** The list's query: pending until its first answer; refetched by Try again. */
  query: { isPending: boolean; refetch: () => unknown };
  /** What the list holds, for "Loading blog posts..." and "The blog posts could not be loaded." */
  noun: string;
  /** The list could not be loaded, and there is nothing older to show instead. */
  failed: boolean;
  /** Whether the failure is announced (role="alert"). */
  announceFailure?: boolean;
  /** What to show instead of the list (an EmptyState) when it is empty; false when it is not. */
  empty: ReactNode;
  /** The list. */
  children: ReactNode;
}

/** A screen's list, or what stands in its place: the spinner, the failure with Try again, or the empty state. */
export function ListContent({ query, noun, failed, announceFailure, empty, children }: ListContentProps) {
  if (query.isPending) return <LoadingState label={`Loading ${noun}...`} />;
  if (failed) {
    return (
      <LoadFailed onRetry={() => void query.refetch()} announce={announceFailure}>
        The {noun} could not be loaded.
      </LoadFailed>
    );
  }
  return empty || children;
}

export interface QueryContentProps<T> {
  /** The query of one thing (a card's or a dialog part's data); refetched by Try again. */
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  /** What it holds, for "Loading backups..." and "The backups could not be loaded." */
  noun: string;
  /** Where the failure stands (LoadFailed's looks). */
  look: LoadFailedProps['look'];
  children: (data: T) => ReactNode;
}

/** One query's content once loaded, or what stands in its place: the spinner, or the failure with Try again. */
export function QueryContent<T>({ query, noun, look, children }: QueryContentProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <LoadFailed look={look} onRetry={() => void query.refetch()}>
        The {noun} could not be loaded.
      </LoadFailed>
    );
  }
  return <LoadingState label={`Loading ${noun}...`} />;
}
