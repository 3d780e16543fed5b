import { useQuery } from '@tanstack/react-query';
import { type AuditLogResponse, AuditLogResponseSchema } from '../../../shared/contracts/audit-log.ts';
import { TeamMemberListResponseSchema } from '../../../shared/contracts/team.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { pageQueryOptions, screenQueryOptions } from '../../lib/query-cache.ts';

const BASE = '/api/admin/audit-log';

/** What the log screen asks for; each filter may be unset. */
export interface AuditLogFilter {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
}

function auditLogQueryString(filter: AuditLogFilter): string {
  const search = new URLSearchParams();
  for (const key of ['actor', 'action', 'from', 'to'] as const) {
    const value = filter[key];
    if (value) search.set(key, value);
  }
  if (filter.page > 1) search.set('page', String(filter.page));
  return search.toString();
}

function fetchAuditLog(filter: AuditLogFilter, signal?: AbortSignal): Promise<AuditLogResponse> {
  const search = auditLogQueryString(filter);
  return apiRequest(search ? `${BASE}?${search}` : BASE, { signal, schema: AuditLogResponseSchema });
}

export function useAuditLog(filter: AuditLogFilter) {
  return useQuery(
    pageQueryOptions(
      ['audit-log', 'list', filter] as const,
      (signal) => fetchAuditLog(filter, signal),
      'Failed to load the audit log',
    ),
  );
}

/** The team, for the log's "User" filter (the audit log's own copy of the list: features stay apart). */
export function useAuditLogUsers() {
  return useQuery(
    screenQueryOptions(
      ['audit-log', 'users'] as const,
      (signal) => apiRequest('/api/admin/users', { signal, schema: TeamMemberListResponseSchema }),
      'Failed to load the team',
    ),
  );
}
