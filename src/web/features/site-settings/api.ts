import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type SiteSettings, SiteSettingsSchema } from '../../../shared/contracts/site-settings.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The settings as the server sends them; already normalised when saved, so read as plain strings. */
const StoredSiteSettingsSchema = SiteSettingsSchema.extend({
  telegramHandle: z.string(),
  supportEmail: z.string(),
});
const SettingsResponseSchema = z.object({ settings: StoredSiteSettingsSchema });
const SaveResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  settings: StoredSiteSettingsSchema,
});

export const siteSettingsKeys = { all: ['site-settings'] as const };

export async function fetchSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  const { settings } = await apiRequest('/api/settings', { signal, schema: SettingsResponseSchema });
  return settings;
}

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsKeys.all,
    queryFn: ({ signal }) => fetchSiteSettings(signal),
    meta: { errorMessage: 'Failed to load settings' },
  });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}

export function saveSiteSettings(
  settings: SiteSettings,
): Promise<{ message: string; settings: SiteSettings }> {
  return apiRequest('/api/admin/settings', { method: 'PUT', body: settings, schema: SaveResponseSchema });
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(siteSettingsKeys.all, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteSettingsKeys.all }),
  });
}
