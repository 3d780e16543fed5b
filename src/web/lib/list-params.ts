/**
 * An admin list's state as the address keeps it (`?q=&status=&page=&open=`), so a reload, a shared link or
 * Back shows the same list (the inquiry inbox and the Members screen), and the paging of the admin lists.
 */

import { MAX_PAGE } from '../../shared/rules/paging.ts';

/** What a list asks the server for: the search, the status filter and the page. */
export interface ListQuery<Status extends string> {
  q?: string;
  status?: Status;
  page: number;
  pageSize: number;
}

export interface ListParams<Status extends string> {
  /** The search as typed (the box shows it); trimmed before it is sent. */
  q: string;
  status: Status | undefined;
  page: number;
  /** The entry whose detail dialog is open. */
  open: string | null;
}

export interface ListParamChanges<Status extends string> {
  q?: string;
  status?: Status | undefined;
  /** A list's other filters, by parameter name (the inbox's `assigned`); empty or undefined removes one. */
  filters?: Record<string, string | undefined>;
  page?: number;
  open?: string | null;
}

/** What sets one list apart: its statuses, the longest search the server takes and its page size. */
export interface ListRules<Status extends string> {
  statuses: readonly Status[];
  searchMaxLength: number;
  pageSize: number;
}

export function isOneOf<Value extends string>(values: readonly Value[], value: unknown): value is Value {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** Reads the list's state from the address; anything malformed means "no filter" or the first page. */
export function parseListParams<Status extends string>(
  params: URLSearchParams,
  rules: ListRules<Status>,
): ListParams<Status> {
  const status = params.get('status');
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 1;
  return {
    q: (params.get('q') ?? '').slice(0, rules.searchMaxLength),
    status: isOneOf(rules.statuses, status) ? status : undefined,
    page: Math.min(Math.max(page, 1), MAX_PAGE),
    open: params.get('open') || null,
  };
}

function toListQuery<Status extends string>(
  { q, status, page }: ListParams<Status>,
  rules: ListRules<Status>,
): ListQuery<Status> {
  const search = q.trim();
  return {
    ...(search ? { q: search } : {}),
    ...(status ? { status } : {}),
    page,
    pageSize: rules.pageSize,
  };
}

/** The API's query string: only what differs from the server's defaults. */
export function listQueryString<Status extends string>(
  query: Partial<ListQuery<Status>>,
  rules: ListRules<Status>,
): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize && query.pageSize !== rules.pageSize) params.set('pageSize', String(query.pageSize));
  return params.toString();
}

/** One list's readers and writers of its address and query string, bound to its rules. */
export function listParamsFor<Status extends string>(rules: ListRules<Status>) {
  return {
    isStatus: (value: unknown): value is Status => isOneOf(rules.statuses, value),
    parse: (params: URLSearchParams): ListParams<Status> => parseListParams(params, rules),
    toQuery: (params: ListParams<Status>): ListQuery<Status> => toListQuery(params, rules),
    queryString: (query: Partial<ListQuery<Status>>): string => listQueryString(query, rules),
  };
}

/**
 * The address after a change. A new search or filter starts again at the first page; empty values and
 * page 1 are left out so the plain address stays plain. Other parameters are kept as they are.
 */
export function withListParams<Status extends string>(
  current: URLSearchParams,
  changes: ListParamChanges<Status>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (name: string, value: string | null | undefined) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  if ('q' in changes) put('q', changes.q?.trim() ? changes.q : null);
  if ('status' in changes) put('status', changes.status);
  for (const [name, value] of Object.entries(changes.filters ?? {})) put(name, value);
  if ('page' in changes) put('page', changes.page && changes.page > 1 ? String(changes.page) : null);
  else if ('q' in changes || 'status' in changes || 'filters' in changes) next.delete('page');
  if ('open' in changes) put('open', changes.open);
  return next;
}

/** How many pages the entries fill; at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export interface PageRange {
  from: number;
  to: number;
}

/** The positions of the first and last entry on this page, counted from 1. */
export function pageRange(page: number, pageSize: number, shown: number): PageRange {
  if (shown === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1 };
}

/** `capped`: the server stopped counting at `total`, so more may follow it. */
export function hasNextPage(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  capped = false,
): boolean {
  if (page * pageSize < total) return true;
  // Past the counted total only a full page says there may be more.
  return capped && shown === pageSize;
}

/**
 * The page to show when this one came back empty (its last entry was deleted, or the address named a
 * page past the end): the last page that has some, or the one before when the total is only a lower
 * bound (`capped`), or the first when nothing matches. Null when this page is right as it is.
 */
export function pageAfterEmptyPage(
  page: number,
  pageSize: number,
  total: number,
  capped = false,
): number | null {
  if (page <= 1) return null;
  if (total === 0) return 1;
  if (capped) return page - 1;
  return Math.min(page - 1, pageCount(total, pageSize));
}
