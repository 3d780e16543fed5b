import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiRequestError, isSessionError } from '../lib/api-client.ts';
import type { RequestMeta } from '../lib/query-meta.ts';

const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; a network blip or a 5xx might.
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The admin app's query client: an ended session anywhere sends the admin to the login page. */
export function createAdminQueryClient(onSessionEnded: () => void): QueryClient {
  const handle = (error: unknown, meta: RequestMeta | undefined) => {
    if (isSessionError(error)) {
      if (meta?.redirectOnSessionError !== false) onSessionEnded();
      return;
    }
    if (meta?.errorMessage) toast.error(meta.errorMessage);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
