import type { QueryClient } from '@tanstack/react-query';

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
