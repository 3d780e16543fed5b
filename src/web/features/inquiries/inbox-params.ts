import {
  INQUIRY_PAGE_SIZE,
  INQUIRY_SEARCH_MAX_LENGTH,
  INQUIRY_STATUSES,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';

import {
  isOneOf,
  type ListParams,
  type ListQuery,
  type ListRules,
  listQueryString,
  parseListParams,
  toListQuery,
} from '../../lib/list-params.ts';

/** What the inbox asks the server for: the search, the status filter and the page. */
export type InboxQuery = ListQuery<InquiryStatus>;

/**
 * The inbox's state in the address; `open` is the inquiry whose modal is open (the
 * dashboard links to `?open=<id>`).
 */
export type InboxParams = ListParams<InquiryStatus>;

const INBOX_RULES: ListRules<InquiryStatus> = {
  statuses: INQUIRY_STATUSES,
  searchMaxLength: INQUIRY_SEARCH_MAX_LENGTH,
  pageSize: INQUIRY_PAGE_SIZE,
};

export function isInquiryStatus(value: unknown): value is InquiryStatus {
  return isOneOf(INQUIRY_STATUSES, value);
}

export const parseInboxParams = (params: URLSearchParams): InboxParams =>
  parseListParams(params, INBOX_RULES);
export const toInboxQuery = (params: InboxParams): InboxQuery => toListQuery(params, INBOX_RULES);
export const inboxQueryString = (query: Partial<InboxQuery>): string => listQueryString(query, INBOX_RULES);

/** "45", or "10,000+" when the server stopped counting at that many (in the viewer's number format). */
export function formatInquiryTotal(total: number, capped: boolean, locale?: string): string {
  return capped ? `${total.toLocaleString(locale)}+` : total.toLocaleString(locale);
}

/** At most `max` characters, cut at a word boundary when there is one near the end, with an ellipsis. */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
