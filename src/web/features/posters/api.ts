import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type PosterInput,
  PosterSavedResponseSchema,
  PostersResponseSchema,
} from '../../../shared/contracts/posters.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const BASE = '/api/admin/posters';
const postersKey = ['posters'] as const;

/** A poster's file, downloaded by a plain link: the session cookie goes with it. */
export const posterFilePath = (id: string, format: 'pdf' | 'png') =>
  `${BASE}/${encodeURIComponent(id)}/poster.${format}`;

/** The counter posters (decision 077), oldest first. */
export function usePosters() {
  return useQuery(
    screenQueryOptions(
      postersKey,
      async (signal) => (await apiRequest(BASE, { signal, schema: PostersResponseSchema })).posters,
      'Failed to load the posters',
    ),
  );
}

export function useCreatePoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PosterInput) =>
      apiRequest(BASE, { method: 'POST', body, schema: PosterSavedResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postersKey }),
  });
}

export function useDeletePoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postersKey }),
  });
}
