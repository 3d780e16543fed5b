import { INQUIRY_STATUSES, type InquiryStatus } from '../../../shared/contact-inquiries.ts';
import { INQUIRY_PAGE_SIZE, INQUIRY_SEARCH_MAX_LENGTH } from '../../../shared/inquiry-inbox.ts';

/** What the inbox asks the server for: the search, the status filter and the page. */
export interface InboxQuery {
  q?: string;
  status?: InquiryStatus;
  page: number;
  pageSize: number;
}

/** The inbox's state as the address keeps it, so a reload, a shared link or Back shows the same list. */
export interface InboxParams {
  /** The search as typed (the box shows it); trimmed before it is sent. */
  q: string;
  status: InquiryStatus | undefined;
  page: number;
  /** The inquiry whose detail modal is open (the dashboard links to `?open=<id>`). */
  open: string | null;
}

const MAX_PAGE = 1_000_000;

export function isInquiryStatus(value: unknown): value is InquiryStatus {
  return typeof value === 'string' && (INQUIRY_STATUSES as readonly string[]).includes(value);
}

/** Reads the inbox state from the address; anything malformed means "no filter" or the first page. */
export function parseInboxParams(params: URLSearchParams): InboxParams {
  const status = params.get('status');
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 1;
  return {
    q: (params.get('q') ?? '').slice(0, INQUIRY_SEARCH_MAX_LENGTH),
    status: isInquiryStatus(status) ? status : undefined,
    page: Math.min(Math.max(page, 1), MAX_PAGE),
    open: params.get('open') || null,
  };
}

export function toInboxQuery({ q, status, page }: InboxParams): InboxQuery {
  const search = q.trim();
  return {
    ...(search ? { q: search } : {}),
    ...(status ? { status } : {}),
    page,
    pageSize: INQUIRY_PAGE_SIZE,
  };
}

/** The API's query string: only what differs from the server's defaults. */
export function inboxQueryString(query: Partial<InboxQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize && query.pageSize !== INQUIRY_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params.toString();
}

export interface InboxParamChanges {
  q?: string;
  status?: InquiryStatus | undefined;
  page?: number;
  open?: string | null;
}

/**
 * The address after a change. A new search or filter starts again at the first page; empty values and
 * page 1 are left out so the plain address stays plain. Other parameters are kept as they are.
 */
export function withInboxParams(current: URLSearchParams, changes: InboxParamChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (name: string, value: string | null | undefined) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  if ('q' in changes) put('q', changes.q?.trim() ? changes.q : null);
  if ('status' in changes) put('status', changes.status);
  if ('page' in changes) put('page', changes.page && changes.page > 1 ? String(changes.page) : null);
  else if ('q' in changes || 'status' in changes) next.delete('page');
  if ('open' in changes) put('open', changes.open);
  return next;
}

/** "45", or "10,000+" when the server stopped counting at that many (in the viewer's number format). */
export function formatInquiryTotal(total: number, capped: boolean, locale?: string): string {
  return capped ? `${total.toLocaleString(locale)}+` : total.toLocaleString(locale);
}

export interface PageRange {
  from: number;
  to: number;
}

/** The positions of the first and last inquiry on this page, counted from 1. */
export function pageRange(page: number, pageSize: number, shown: number): PageRange {
  if (shown === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1 };
}

export function hasNextPage(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  capped: boolean,
): boolean {
  if (page * pageSize < total) return true;
  // Past the counted total only a full page says there may be more.
  return capped && shown === pageSize;
}

/**
 * The page to show when this one came back empty (its last inquiry was deleted, or the address named a
 * page past the end): the last page that has some, or the one before when the total is only a lower
 * bound, or the first when nothing matches. Null when this page is right as it is.
 */
export function pageAfterEmptyPage(
  page: number,
  pageSize: number,
  total: number,
  capped: boolean,
): number | null {
  if (page <= 1) return null;
  if (total === 0) return 1;
  if (capped) return page - 1;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(page - 1, lastPage);
}

/** At most `max` characters, cut at a word boundary when there is one near the end, with an ellipsis. */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
