import type { ReactNode } from 'react';
import { LoadFailed, type LoadFailedProps } from './load-failed.tsx';
import { LoadingState } from './loading-state.tsx';

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

export interface CardQueryListProps<T> extends Omit<QueryContentProps<readonly T[]>, 'look' | 'children'> {
  /** The list's name, read out with it. */
  label: string;
  /** Said in its place when there is none. */
  empty: string;
  /** One entry's <li>, with its key. */
  children: (entry: T) => ReactNode;
}

/** A card's list of what one query loaded, one row under another, or a line saying there is none. */
export function CardQueryList<T>({ label, empty, children, ...query }: CardQueryListProps<T>) {
  return (
    <QueryContent {...query} look="card">
      {(list) =>
        list.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{empty}</p>
        ) : (
          <ul aria-label={label} className="mt-2 divide-y divide-slate-200">
            {list.map((entry) => children(entry))}
          </ul>
        )
      }
    </QueryContent>
  );
}
