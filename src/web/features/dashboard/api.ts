import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dashboard, DashboardResponseSchema } from '../../../shared/contracts/dashboard.ts';
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
