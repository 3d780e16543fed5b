import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { LoadFailed } from './load-failed.tsx';
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
