import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type Inquiry,
  InquiryDetailResponseSchema,
  type InquiryListResponse,
  InquiryListResponseSchema,
  InquiryResponseSchema,
  type InquiryStats,
  InquiryStatsResponseSchema,
} from '../../../shared/contracts/contact-inquiries.ts';
import { INQUIRY_MESSAGES, type InquiryStatus } from '../../../shared/rules/contact-inquiries.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidateResource, pageQueryOptions } from '../../lib/query-cache.ts';
import { inquiryKeys } from '../../lib/query-keys.ts';
import { type InboxQuery, inboxQueryString } from './inbox-params.ts';
import { msSinceLastActivity, onActiveAfterIdle } from './user-activity.ts';

const BASE = '/api/contact-inquiries';

/** How often the unread count in the sidebar is asked again while the tab is visible and in use. */
export const INQUIRY_STATS_REFRESH_MS = 60_000;
/** The count stops being polled this long after the admin last used the page (see user-activity.ts). */
export const INQUIRY_STATS_POLL_IDLE_MS = 5 * 60_000;

/** The poll interval now: none once the admin has left the page alone; focus or a visit resumes it. */
export function statsRefetchInterval(idleMs: number): number | false {
  return idleMs < INQUIRY_STATS_POLL_IDLE_MS ? INQUIRY_STATS_REFRESH_MS : false;
}

const inquiryPath = (id: string, action = '') => `${BASE}/${encodeURIComponent(id)}${action}`;

export function fetchInquiries(query: InboxQuery, signal?: AbortSignal): Promise<InquiryListResponse> {
  const search = inboxQueryString(query);
  return apiRequest(search ? `${BASE}?${search}` : BASE, { signal, schema: InquiryListResponseSchema });
}

/** The address of the CSV export of everything the filters match (all pages). */
export function inquiryExportHref(query: Pick<InboxQuery, 'q' | 'status' | 'assigned'>): string {
  const search = inboxQueryString({ q: query.q, status: query.status, assigned: query.assigned });
  return search ? `${BASE}/export.csv?${search}` : `${BASE}/export.csv`;
}

const inquiryListQueryOptions = (query: InboxQuery) =>
  pageQueryOptions(
    inquiryKeys.list(query),
    (signal) => fetchInquiries(query, signal),
    INQUIRY_MESSAGES.loadFailed,
  );

export function useInquiries(query: InboxQuery) {
  return useQuery(inquiryListQueryOptions(query));
}

export async function fetchInquiryStats(signal?: AbortSignal): Promise<InquiryStats> {
  try {
    const { stats } = await apiRequest(`${BASE}/stats`, { signal, schema: InquiryStatsResponseSchema });
    return stats;
  } catch (error) {
    // A failure to load the counts is only logged; the cards show a dash.
    if (!signal?.aborted) console.warn('Failed to load inquiry stats', error);
    throw error;
  }
}

const inquiryStatsQueryOptions = () =>
  queryOptions({
    queryKey: inquiryKeys.stats(),
    queryFn: ({ signal }) => fetchInquiryStats(signal),
    refetchInterval: () => statsRefetchInterval(msSinceLastActivity()),
    refetchOnWindowFocus: true,
  });

/**
 * The five counts; the sidebar badge and the inbox share this query, so one refetch updates both. Not asked
 * for with `enabled: false` (a role without the inbox).
 */
export function useInquiryStats({ enabled = true }: { enabled?: boolean } = {}) {
  const stats = useQuery({ ...inquiryStatsQueryOptions(), enabled });
  const { refetch } = stats;
  // Back at the page after the poll stopped: fresh figures now, and the poll starts again.
  useEffect(
    () => (enabled ? onActiveAfterIdle(INQUIRY_STATS_POLL_IDLE_MS, () => void refetch()) : undefined),
    [enabled, refetch],
  );
  return stats;
}

async function fetchInquiry(id: string, signal?: AbortSignal): Promise<Inquiry> {
  const { inquiry } = await apiRequest(inquiryPath(id), { signal, schema: InquiryDetailResponseSchema });
  return inquiry;
}

/** One inquiry; `shown` (its row in the list on screen) is displayed while the server is asked. */
export function useInquiry(id: string | null, shown?: Inquiry) {
  return useQuery({
    queryKey: inquiryKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchInquiry(id ?? '', signal),
    enabled: id !== null,
    placeholderData: shown,
    // A 404 is the answer (deleted, or a mistyped link); asking again would not change it.
    retry: false,
  });
}

function patchInquiry(id: string, action: string, body?: unknown): Promise<Inquiry> {
  return apiRequest(inquiryPath(id, action), { method: 'PATCH', body, schema: InquiryResponseSchema }).then(
    (response) => response.inquiry,
  );
}

export const updateInquiryStatus = (id: string, status: InquiryStatus) =>
  patchInquiry(id, '/status', { status });
export const markInquiryRead = (id: string) => patchInquiry(id, '/read');
const markInquiryUnread = (id: string) => patchInquiry(id, '/unread');

function deleteInquiry(id: string): Promise<unknown> {
  return apiRequest(inquiryPath(id), { method: 'DELETE', schema: MessageResponseSchema });
}

type ListSnapshot = [readonly unknown[], InquiryListResponse | undefined][];

/** Applies a change to an inquiry wherever it is shown (every cached page and its own entry). */
function patchCached(
  queryClient: QueryClient,
  id: string,
  change: (inquiry: Inquiry) => Inquiry,
): { lists: ListSnapshot; detail: Inquiry | undefined } {
  const lists = queryClient.getQueriesData<InquiryListResponse>({ queryKey: inquiryKeys.lists() });
  queryClient.setQueriesData<InquiryListResponse>({ queryKey: inquiryKeys.lists() }, (list) =>
    list
      ? {
          ...list,
          inquiries: list.inquiries.map((inquiry) => (inquiry._id === id ? change(inquiry) : inquiry)),
        }
      : list,
  );
  const detail = queryClient.getQueryData<Inquiry>(inquiryKeys.detail(id));
  if (detail) queryClient.setQueryData(inquiryKeys.detail(id), change(detail));
  return { lists, detail };
}

function restoreCached(
  queryClient: QueryClient,
  id: string,
  snapshot: { lists: ListSnapshot; detail: Inquiry | undefined } | undefined,
) {
  if (!snapshot) return;
  for (const [key, data] of snapshot.lists) queryClient.setQueryData(key, data);
  if (snapshot.detail) queryClient.setQueryData(inquiryKeys.detail(id), snapshot.detail);
}

/** After a status change, a read mark or a delete, the lists and the counts are refetched. */
function invalidateInquiries(queryClient: QueryClient, deletedId?: string) {
  return invalidateResource(queryClient, inquiryKeys.all, deletedId);
}

/** The server's answer, put in place at once so the row and the modal agree before the refetch. */
function storeAnswer(queryClient: QueryClient, inquiry: Inquiry) {
  patchCached(queryClient, inquiry._id, () => inquiry);
  queryClient.setQueryData(inquiryKeys.detail(inquiry._id), inquiry);
}

export interface StatusChange {
  id: string;
  status: InquiryStatus;
}

export function useUpdateInquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: StatusChange) => updateInquiryStatus(id, status),
    // The dropdown shows the choice at once; it goes back if the server refuses.
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: inquiryKeys.lists() });
      return patchCached(queryClient, id, (inquiry) => ({ ...inquiry, status }));
    },
    onError: (_error, { id }, snapshot) => restoreCached(queryClient, id, snapshot),
    onSuccess: (inquiry) => storeAnswer(queryClient, inquiry),
    onSettled: () => invalidateInquiries(queryClient),
  });
}

function useReadMark(mark: (id: string) => Promise<Inquiry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mark,
    onSuccess: (inquiry) => storeAnswer(queryClient, inquiry),
    onSettled: () => invalidateInquiries(queryClient),
  });
}

export const useMarkInquiryRead = () => useReadMark(markInquiryRead);
export const useMarkInquiryUnread = () => useReadMark(markInquiryUnread);

export function useDeleteInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInquiry,
    onSettled: (_data, _error, id) => invalidateInquiries(queryClient, id),
  });
}
