import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type ApiToken,
  ApiTokenCreatedResponseSchema,
  type ApiTokenCreateInput,
  ApiTokenListResponseSchema,
} from '../../../shared/contracts/api-tokens.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const BASE = '/api/admin/api-tokens';
const apiTokenKeys = { list: ['api-tokens'] as const };

async function fetchApiTokens(signal: AbortSignal): Promise<ApiToken[]> {
  return (await apiRequest(BASE, { signal, schema: ApiTokenListResponseSchema })).tokens;
}

/** The signed-in user's own tokens (never the tokens themselves). */
export function useApiTokens() {
  return useQuery(screenQueryOptions(apiTokenKeys.list, fetchApiTokens, 'Failed to load your API tokens'));
}

/** The answer carries the token: handed to the caller and dropped from the mutation cache (gcTime 0). */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: async (body: ApiTokenCreateInput) =>
      (await apiRequest(BASE, { method: 'POST', body, schema: ApiTokenCreatedResponseSchema })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}
