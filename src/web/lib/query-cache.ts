import { keepPreviousData, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';

/**
 * The keys of an admin resource's queries: `[resource]` above its lists `[resource, 'list', query]` and its
 * entries `[resource, 'detail', id]`, so one invalidation refetches them all (see invalidateResource).
 */
export function resourceKeys<Query>(resource: string) {
  const all: readonly [string] = [resource];
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (query: Query) => [...all, 'list', query] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}

/**
 * Refetches everything cached under a resource's key `[resource]` (its lists, counts and entries
 * `[resource, 'detail', id]`), except the entry of `deletedId`: a deleted entry would only answer 404 now.
 */
export function invalidateResource(queryClient: QueryClient, key: readonly [string], deletedId?: string) {
  return queryClient.invalidateQueries({
    queryKey: key,
    predicate: deletedId
      ? ({ queryKey: [, kind, id] }) => !(kind === 'detail' && id === deletedId)
      : undefined,
  });
}

/** The query of what a screen shows; a failure to load it is toasted as `errorMessage`. */
export function screenQueryOptions<Data, Key extends QueryKey>(
  queryKey: Key,
  fetch: (signal: AbortSignal) => Promise<Data>,
  errorMessage: string,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), meta: { errorMessage } });
}

/** The query of one page of a list: the page being left stays on screen until the next one has arrived. */
export function pageQueryOptions<Data, Key extends QueryKey>(
  queryKey: Key,
  fetch: (signal: AbortSignal) => Promise<Data>,
  errorMessage: string,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage },
  });
}
