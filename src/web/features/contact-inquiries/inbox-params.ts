import {
  INQUIRY_PAGE_SIZE,
  INQUIRY_SEARCH_MAX_LENGTH,
  INQUIRY_STATUSES,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';
import { type ListQuery, listParamsFor } from '../../lib/list-params.ts';

/** What the inbox asks the server for: the search, the status filter and the page. */
export type InboxQuery = ListQuery<InquiryStatus>;

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
export const parseInboxParams = inboxParams.parse;
export const toInboxQuery = inboxParams.toQuery;
export const inboxQueryString = inboxParams.queryString;

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
