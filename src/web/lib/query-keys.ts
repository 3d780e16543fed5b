import type { InquiryStatus } from '../../shared/rules/contact-inquiries.ts';
import type { ListQuery } from './list-params.ts';
import { resourceKeys } from './query-cache.ts';

/**
 * The inquiries' query keys, here because two features use them: the inbox (contact-inquiries) and the
 * dashboard, which is built from the same inquiries. Everything under `all` changes when an inquiry does:
 * the lists, the counts (the sidebar badge shares `stats`), the single inquiry and the dashboard.
 */
const inquiries = resourceKeys<ListQuery<InquiryStatus>>('inquiries');
export const inquiryKeys = {
  ...inquiries,
  stats: () => [...inquiryKeys.all, 'stats'] as const,
  dashboard: (utcOffsetMinutes: number) => [...inquiryKeys.all, 'dashboard', utcOffsetMinutes] as const,
};
