import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationPreferences,
  NotificationPreferencesResponseSchema,
  NotificationPreferencesSavedResponseSchema,
  NotificationStatusResponseSchema,
  TestEmailResponseSchema,
} from '../../../shared/contracts/notifications.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const PREFERENCES_PATH = '/api/admin/profile/notifications';
const STATUS_PATH = '/api/admin/notifications';

const notificationKeys = {
  preferences: ['notifications', 'preferences'] as const,
  status: ['notifications', 'status'] as const,
};

const preferencesQueryOptions = () =>
  screenQueryOptions(
    notificationKeys.preferences,
    (signal) => apiRequest(PREFERENCES_PATH, { signal, schema: NotificationPreferencesResponseSchema }),
    'Failed to load your notification preferences',
  );

/** The signed-in user's choices, with the business's time zone their digest hour is in. */
export function useNotificationPreferences() {
  return useQuery(preferencesQueryOptions());
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest(PREFERENCES_PATH, {
        method: 'PUT',
        body: preferences,
        schema: NotificationPreferencesSavedResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });
}

/** `brand`: the sender's name comes from it, so a new brand asks the server again. */
const statusQueryOptions = (brand: string | undefined) =>
  screenQueryOptions(
    [...notificationKeys.status, brand ?? ''],
    async (signal) =>
      (await apiRequest(STATUS_PATH, { signal, schema: NotificationStatusResponseSchema })).notifications,
    'Failed to load the notifications',
  );

/** Settings' view: email on or off, deliveries waiting, and those given up. */
export function useNotificationStatus(brand: string | undefined) {
  return useQuery(statusQueryOptions(brand));
}

/** Sends a test email to the signed-in user now; resolves with the mail server's answer. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(`${STATUS_PATH}/test-email`, {
          method: 'POST',
          schema: TestEmailResponseSchema,
        })
      ).message,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.status }),
  });
}
