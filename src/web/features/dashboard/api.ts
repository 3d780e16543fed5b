import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type ClicksAndViews,
  ClicksAndViewsResponseSchema,
  type Dashboard,
  DashboardResponseSchema,
  FirstResponsesResponseSchema,
} from '../../../shared/contracts/dashboard.ts';
import type { ClickPeriodDays } from '../../../shared/rules/dashboard.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useBusinessTimeZone, utcOffsetMinutes } from '../../lib/business-time-zone.ts';
import { inquiryKeys } from '../../lib/query-keys.ts';

async function fetchDashboard(utcOffsetMinutes: number, signal?: AbortSignal): Promise<Dashboard> {
  const { dashboard } = await apiRequest(`/api/admin/dashboard?utcOffsetMinutes=${utcOffsetMinutes}`, {
    signal,
    schema: DashboardResponseSchema,
  });
  return dashboard;
}

/**
 * The dashboard's figures, in the business's days (its time zone's offset today); kept under the inquiries'
 * key, so a change to one refetches it. Waits for the time zone while the settings are on their way.
 */
export function useDashboard() {
  const queryClient = useQueryClient();
  const timeZone = useBusinessTimeZone();
  const offset = utcOffsetMinutes(timeZone ?? undefined);
  return useQuery({
    queryKey: inquiryKeys.dashboard(offset),
    enabled: timeZone !== null,
    queryFn: async ({ signal }) => {
      const dashboard = await fetchDashboard(offset, signal);
      // The same counts as the sidebar badge: fresher figures there too.
      queryClient.setQueryData(inquiryKeys.stats(), dashboard.stats);
      return dashboard;
    },
    meta: { errorMessage: 'Failed to load the dashboard' },
  });
}

const clicksAndViewsKeys = {
  all: ['clicks-and-views'] as const,
  period: (days: ClickPeriodDays) => [...clicksAndViewsKeys.all, days] as const,
};

async function fetchClicksAndViews(days: ClickPeriodDays, signal?: AbortSignal): Promise<ClicksAndViews> {
  const { clicksAndViews } = await apiRequest(`/api/admin/dashboard/clicks-and-views?days=${days}`, {
    signal,
    schema: ClicksAndViewsResponseSchema,
  });
  return clicksAndViews;
}

/** Clicks per contact channel and the most viewed posts over the last `days` days (the business's days). */
export function useClicksAndViews(days: ClickPeriodDays) {
  return useQuery({
    queryKey: clicksAndViewsKeys.period(days),
    queryFn: ({ signal }) => fetchClicksAndViews(days, signal),
    // Another period stays on screen until the chosen one has arrived.
    placeholderData: (previous) => previous,
    meta: { errorMessage: 'Failed to load the clicks and views' },
  });
}

/** How long inquiries of the last `days` days waited for a first response (decision 080). */
export function useFirstResponses(days: ClickPeriodDays) {
  return useQuery({
    queryKey: [...inquiryKeys.all, 'first-responses', days],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/admin/dashboard/first-responses?days=${days}`, {
          signal,
          schema: FirstResponsesResponseSchema,
        })
      ).firstResponses,
    placeholderData: (previous) => previous,
    meta: { errorMessage: 'Failed to load the first responses' },
  });
}

function resetChannelClicks(): Promise<{ message: string }> {
  return apiRequest('/api/admin/dashboard/channel-clicks', {
    method: 'DELETE',
    schema: MessageResponseSchema,
  });
}

/** Resets every channel's click count (administrators); every period's figures are fetched again. */
export function useResetChannelClicks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetChannelClicks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clicksAndViewsKeys.all }),
  });
}
