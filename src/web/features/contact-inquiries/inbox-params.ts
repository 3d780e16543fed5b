import {
  INQUIRY_ASSIGNED_FILTERS,
  INQUIRY_PAGE_SIZE,
  INQUIRY_SEARCH_MAX_LENGTH,
  INQUIRY_STATUSES,
  type InquiryAssignedFilter,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';
import { isOneOf, type ListParams, type ListQuery, listParamsFor } from '../../lib/list-params.ts';

/** The inbox's state in the address: the list's, and the assignment filter (`?assigned=me|none`). */
export type InboxParams = ListParams<InquiryStatus> & { assigned: InquiryAssignedFilter | undefined };

/** What the inbox asks the server for: the search, the status and assignment filters and the page. */
export type InboxQuery = ListQuery<InquiryStatus> & { assigned?: InquiryAssignedFilter };

/**
 * The inbox's state in the address; `open` is the inquiry whose modal is open (the
 * dashboard links to `?open=<id>`).
 */
const inboxParams = listParamsFor({
  statuses: INQUIRY_STATUSES,
  searchMaxLength: INQUIRY_SEARCH_MAX_LENGTH,
  pageSize: INQUIRY_PAGE_SIZE,
});

export const isInquiryStatus = inboxParams.isStatus;

export function isAssignedFilter(value: unknown): value is InquiryAssignedFilter {
  return isOneOf(INQUIRY_ASSIGNED_FILTERS, value);
}

export function parseInboxParams(params: URLSearchParams): InboxParams {
  const assigned = params.get('assigned');
  return { ...inboxParams.parse(params), assigned: isAssignedFilter(assigned) ? assigned : undefined };
}

export function toInboxQuery(params: InboxParams): InboxQuery {
  return { ...inboxParams.toQuery(params), ...(params.assigned ? { assigned: params.assigned } : {}) };
}

/** The API's query string: only what differs from the server's defaults. */
export function inboxQueryString(query: Partial<InboxQuery>): string {
  const search = new URLSearchParams(inboxParams.queryString(query));
  if (query.assigned) search.set('assigned', query.assigned);
  return search.toString();
}

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
