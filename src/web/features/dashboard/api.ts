import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dashboard, DashboardResponseSchema } from '../../../shared/contracts/dashboard.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { inquiryKeys } from '../../lib/query-keys.ts';

async function fetchDashboard(utcOffsetMinutes: number, signal?: AbortSignal): Promise<Dashboard> {
  const { dashboard } = await apiRequest(`/api/admin/dashboard?utcOffsetMinutes=${utcOffsetMinutes}`, {
    signal,
    schema: DashboardResponseSchema,
  });
  return dashboard;
}

/** The viewer's offset from UTC in minutes (India: 330), so the chart's days are the viewer's days. */
export function viewerUtcOffsetMinutes(now = new Date()): number {
  // getTimezoneOffset is UTC minus local; `|| 0` turns the -0 of UTC itself into 0.
  return -now.getTimezoneOffset() || 0;
}

/** The dashboard's figures, in the viewer's days; kept under the inquiries' key, so a change to one refetches it. */
export function useDashboard() {
  const queryClient = useQueryClient();
  const utcOffsetMinutes = viewerUtcOffsetMinutes();
  return useQuery({
    queryKey: inquiryKeys.dashboard(utcOffsetMinutes),
    queryFn: async ({ signal }) => {
      const dashboard = await fetchDashboard(utcOffsetMinutes, signal);
      // The same counts as the sidebar badge: fresher figures there too.
      queryClient.setQueryData(inquiryKeys.stats(), dashboard.stats);
      return dashboard;
    },
    meta: { errorMessage: 'Failed to load the dashboard' },
  });
}
