import {
  MEMBER_LIMITS,
  MEMBER_PAGE_SIZE,
  MEMBER_STATUSES,
  type MemberStatus,
} from '../../../shared/members.ts';

/** What the member list asks the server for: the search, the status filter and the page. */
export interface MembersQuery {
  q?: string;
  status?: MemberStatus;
  page: number;
  pageSize: number;
}

/** The screen's state as the address keeps it, so a reload, a shared link or Back shows the same list. */
export interface MembersParams {
  /** The search as typed (the box shows it); trimmed before it is sent. */
  q: string;
  status: MemberStatus | undefined;
  page: number;
  /** The member whose page (the detail dialog) is open. */
  open: string | null;
}

const MAX_PAGE = 1_000_000;

export function isMemberStatus(value: unknown): value is MemberStatus {
  return typeof value === 'string' && (MEMBER_STATUSES as readonly string[]).includes(value);
}

/** Reads the screen's state from the address; anything malformed means "no filter" or the first page. */
export function parseMembersParams(params: URLSearchParams): MembersParams {
  const status = params.get('status');
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 1;
  return {
    q: (params.get('q') ?? '').slice(0, MEMBER_LIMITS.search),
    status: isMemberStatus(status) ? status : undefined,
    page: Math.min(Math.max(page, 1), MAX_PAGE),
    open: params.get('open') || null,
  };
}

export function toMembersQuery({ q, status, page }: MembersParams): MembersQuery {
  const search = q.trim();
  return {
    ...(search ? { q: search } : {}),
    ...(status ? { status } : {}),
    page,
    pageSize: MEMBER_PAGE_SIZE,
  };
}

/** The API's query string: only what differs from the server's defaults. */
export function membersQueryString(query: Partial<MembersQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize && query.pageSize !== MEMBER_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params.toString();
}

export interface MembersParamChanges {
  q?: string;
  status?: MemberStatus | undefined;
  page?: number;
  open?: string | null;
}

/**
 * The address after a change. A new search or filter starts again at the first page; empty values and
 * page 1 are left out so the plain address stays plain. Other parameters are kept as they are.
 */
export function withMembersParams(current: URLSearchParams, changes: MembersParamChanges): URLSearchParams {
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

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export interface PageRange {
  from: number;
  to: number;
}

/** The positions of the first and last member on this page, counted from 1. */
export function pageRange(page: number, pageSize: number, shown: number): PageRange {
  if (shown === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1 };
}

/**
 * The page to show when this one came back empty (its last member was deleted, or the address named a
 * page past the end): the last page that has some, or the first when nothing matches. Null when this
 * page is right as it is.
 */
export function pageAfterEmptyPage(page: number, pageSize: number, total: number): number | null {
  if (page <= 1) return null;
  return Math.min(page - 1, pageCount(total, pageSize));
}
