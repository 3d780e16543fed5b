import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type DutyInput,
  DutySchema,
  type DutySettings,
  DutySettingsResponseSchema,
  DutySettingsSavedResponseSchema,
  DutySharesResponseSchema,
  DutyWeightSavedResponseSchema,
} from '../../../shared/contracts/duty.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const DUTY_PATH = '/api/admin/profile/duty';
const dutyKey = ['duty', 'own'] as const;
const DutyResponseSchema = z.object({ duty: DutySchema });
const DutySavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), duty: DutySchema });

/** The signed-in user's duty: their numbers, duty hours, away and share (decision 076). */
export function useOwnDuty() {
  return useQuery(
    screenQueryOptions(
      dutyKey,
      async (signal) => (await apiRequest(DUTY_PATH, { signal, schema: DutyResponseSchema })).duty,
      'Failed to load your duty',
    ),
  );
}

export function useSaveOwnDuty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (duty: DutyInput) =>
      apiRequest(DUTY_PATH, { method: 'PUT', body: duty, schema: DutySavedResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dutyKey }),
  });
}

const DUTY_SETTINGS_PATH = '/api/admin/settings/duty';
const dutySettingsKey = ['duty', 'settings'] as const;

/** How the roster is used: whether new inquiries go to a member on duty (an administrator's choice). */
export function useDutySettings() {
  return useQuery(
    screenQueryOptions(
      dutySettingsKey,
      async (signal) =>
        (await apiRequest(DUTY_SETTINGS_PATH, { signal, schema: DutySettingsResponseSchema })).dutySettings,
      'Failed to load the duty settings',
    ),
  );
}

export function useSaveDutySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DutySettings) =>
      apiRequest(DUTY_SETTINGS_PATH, {
        method: 'PUT',
        body: settings,
        schema: DutySettingsSavedResponseSchema,
      }),
    onSuccess: ({ dutySettings }) => queryClient.setQueryData(dutySettingsKey, dutySettings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dutySettingsKey }),
  });
}

const SHARES_PATH = '/api/team/duty';
const sharesKey = ['duty', 'shares'] as const;

/** Each member who answers visitors, with their share and whether they are on duty now (administrators). */
export function useDutyShares() {
  return useQuery(
    screenQueryOptions(
      sharesKey,
      async (signal) => (await apiRequest(SHARES_PATH, { signal, schema: DutySharesResponseSchema })).members,
      'Failed to load who is on duty',
    ),
  );
}

export function useSaveDutyWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adminId, weight }: { adminId: string; weight: number }) =>
      apiRequest(`/api/team/${encodeURIComponent(adminId)}/duty-weight`, {
        method: 'PUT',
        body: { weight },
        schema: DutyWeightSavedResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesKey }),
  });
}
