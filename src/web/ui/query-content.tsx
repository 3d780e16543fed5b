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
