import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InboxSettings,
  InboxSettingsResponseSchema,
  InboxSettingsSavedResponseSchema,
  type SignInSettings,
  SignInSettingsResponseSchema,
  SignInSettingsSavedResponseSchema,
  type SiteSettings,
  SiteSettingsResponseSchema,
  SiteSettingsSavedResponseSchema,
} from '../../../shared/contracts/site-settings.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';
import { inquiryKeys } from '../../lib/query-keys.ts';

const siteSettingsKeys = {
  all: ['site-settings'] as const,
  signIn: ['sign-in-settings'] as const,
};

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

const SIGN_IN_SETTINGS_PATH = '/api/admin/settings/sign-in';

/** The back office's sign-in settings (administrators only; never on public pages). */
export function useSignInSettings() {
  return useQuery(
    screenQueryOptions(
      siteSettingsKeys.signIn,
      async (signal) =>
        (await apiRequest(SIGN_IN_SETTINGS_PATH, { signal, schema: SignInSettingsResponseSchema }))
          .signInSettings,
      'Failed to load the sign-in settings',
    ),
  );
}

export function useSaveSignInSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SignInSettings) =>
      apiRequest(SIGN_IN_SETTINGS_PATH, {
        method: 'PUT',
        body: settings,
        schema: SignInSettingsSavedResponseSchema,
      }),
    onSuccess: ({ signInSettings }) => queryClient.setQueryData(siteSettingsKeys.signIn, signInSettings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteSettingsKeys.signIn }),
  });
}

const INBOX_SETTINGS_PATH = '/api/admin/settings/inbox';
const inboxSettingsKey = ['settings', 'inbox'] as const;

/** How the inbox treats waiting inquiries: after how many business hours one is overdue (decision 080). */
export function useInboxSettings() {
  return useQuery(
    screenQueryOptions(
      inboxSettingsKey,
      async (signal) =>
        (await apiRequest(INBOX_SETTINGS_PATH, { signal, schema: InboxSettingsResponseSchema }))
          .inboxSettings,
      'Failed to load the inbox settings',
    ),
  );
}

export function useSaveInboxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: InboxSettings) =>
      apiRequest(INBOX_SETTINGS_PATH, {
        method: 'PUT',
        body: settings,
        schema: InboxSettingsSavedResponseSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxSettingsKey }),
        queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
      ]),
  });
}
