import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SiteSettings,
  SiteSettingsResponseSchema,
  SiteSettingsSavedResponseSchema,
} from '../../../shared/contracts/site-settings.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const siteSettingsKeys = { all: ['site-settings'] as const };

async function fetchSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  const { settings } = await apiRequest('/api/settings', { signal, schema: SiteSettingsResponseSchema });
  return settings;
}

export const siteSettingsQueryOptions = () =>
  screenQueryOptions(siteSettingsKeys.all, fetchSiteSettings, 'Failed to load settings');

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}

function saveSiteSettings(settings: SiteSettings): Promise<{ message: string; settings: SiteSettings }> {
  return apiRequest('/api/admin/settings', {
    method: 'PUT',
    body: settings,
    schema: SiteSettingsSavedResponseSchema,
  });
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(siteSettingsKeys.all, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteSettingsKeys.all }),
  });
}
