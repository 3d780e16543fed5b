import type { InquiryAssignedFilter, InquiryStatus } from '../../shared/rules/contact-inquiries.ts';
import type { ListQuery } from './list-params.ts';
import { resourceKeys } from './query-cache.ts';

/**
 * The inquiries' query keys, here because two features use them: the inbox (contact-inquiries) and the
 * dashboard, which is built from the same inquiries. Everything under `all` changes when an inquiry does:
 * the lists, the counts (the sidebar badge shares `stats`), the single inquiry and the dashboard.
 */
const inquiries = resourceKeys<ListQuery<InquiryStatus> & { assigned?: InquiryAssignedFilter }>('inquiries');
export const inquiryKeys = {
  ...inquiries,
  stats: () => [...inquiryKeys.all, 'stats'] as const,
  /** An inquiry's notes and history sit under its entry: a deleted inquiry's are left alone with it. */
  notes: (id: string) => [...inquiryKeys.detail(id), 'notes'] as const,
  history: (id: string) => [...inquiryKeys.detail(id), 'history'] as const,
  /** Who inquiries can be assigned to. */
  assignees: () => [...inquiryKeys.all, 'assignees'] as const,
  dashboard: (utcOffsetMinutes: number) => [...inquiryKeys.all, 'dashboard', utcOffsetMinutes] as const,
};
