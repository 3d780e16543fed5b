import { describe, expect, it } from 'vitest';
import {
  hasNextPage,
  isOneOf,
  listQueryString,
  pageAfterEmptyPage,
  pageCount,
  pageRange,
  parseListParams,
  withListParams,
} from './list-params.ts';

const RULES = { statuses: ['open', 'closed'] as const, searchMaxLength: 10, pageSize: 20 };

describe('parseListParams', () => {
  const parse = (search: string) => parseListParams(new URLSearchParams(search), RULES);

  it('reads only the statuses of the list and whole pages from 1 to 1,000,000', () => {
    expect(parse('status=open&page=1000000')).toMatchObject({ status: 'open', page: 1_000_000 });
    expect(parse('status=pending&page=9999999')).toMatchObject({ status: undefined, page: 1_000_000 });
    expect(parse('page=12345678')).toMatchObject({ page: 1 });
    expect(parse(`q=${'x'.repeat(20)}`).q).toHaveLength(10);
  });
});

describe('listQueryString', () => {
  it('leaves out the first page and the default page size', () => {
    expect(listQueryString({ page: 1, pageSize: 20 }, RULES)).toBe('');
    expect(listQueryString({ pageSize: 50 }, RULES)).toBe('pageSize=50');
  });
});

describe('isOneOf', () => {
  it('accepts only the listed strings', () => {
    expect(isOneOf(RULES.statuses, 'open')).toBe(true);
    expect(isOneOf(RULES.statuses, 'Open')).toBe(false);
    expect(isOneOf(RULES.statuses, 1)).toBe(false);
    expect(isOneOf(RULES.statuses, null)).toBe(false);
  });
});

describe('withListParams', () => {
  const current = new URLSearchParams('q=asha&status=new&page=3&open=abc');

  it('starts a new search or filter at the first page and keeps the rest', () => {
    expect(withListParams(current, { q: 'ravi' }).toString()).toBe('q=ravi&status=new&open=abc');
    expect(withListParams(current, { status: undefined }).toString()).toBe('q=asha&open=abc');
  });

  it("sets or removes a list's other filters, starting again at the first page", () => {
    const filtered = withListParams(current, { filters: { assigned: 'me' } });
    expect(filtered.toString()).toBe('q=asha&status=new&open=abc&assigned=me');
    expect(withListParams(filtered, { filters: { assigned: undefined } }).toString()).toBe(
      'q=asha&status=new&open=abc',
    );
    expect(withListParams(filtered, { filters: { assigned: '' } }).has('assigned')).toBe(false);
  });

  it('leaves out an empty search and page 1', () => {
    expect(withListParams(current, { q: '   ' }).toString()).toBe('status=new&open=abc');
    expect(withListParams(current, { page: 1 }).toString()).toBe('q=asha&status=new&open=abc');
    expect(withListParams(current, { page: 4 }).get('page')).toBe('4');
  });

  it('opens and closes an entry without touching the list', () => {
    expect(withListParams(current, { open: null }).toString()).toBe('q=asha&status=new&page=3');
    expect(withListParams(new URLSearchParams(), { open: 'xyz' }).toString()).toBe('open=xyz');
  });
});

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('counts the positions shown on a page', () => {
    expect(pageRange(1, 20, 20)).toEqual({ from: 1, to: 20 });
    expect(pageRange(2, 20, 1)).toEqual({ from: 21, to: 21 });
    expect(pageRange(3, 20, 5)).toEqual({ from: 41, to: 45 });
    expect(pageRange(2, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it('knows whether a next page exists', () => {
    expect(hasNextPage(1, 20, 20, 45)).toBe(true);
    expect(hasNextPage(3, 20, 5, 45)).toBe(false);
    expect(hasNextPage(2, 20, 20, 40)).toBe(false);
    // Past a capped total only a full page hints at more.
    expect(hasNextPage(500, 20, 20, 10_000, true)).toBe(true);
    expect(hasNextPage(501, 20, 20, 10_000, true)).toBe(true);
    expect(hasNextPage(502, 20, 7, 10_000, true)).toBe(false);
  });

  it('steps back from an empty page to the last page that has entries', () => {
    // 41 entries, the only one on page 3 deleted: 40 left, page 3 is empty.
    expect(pageAfterEmptyPage(3, 20, 40)).toBe(2);
    expect(pageAfterEmptyPage(2, 20, 20)).toBe(1);
    // An address far past the end goes to the last page.
    expect(pageAfterEmptyPage(9, 20, 45)).toBe(3);
    expect(pageAfterEmptyPage(4, 20, 0)).toBe(1);
    expect(pageAfterEmptyPage(600, 20, 10_000, true)).toBe(599);
    expect(pageAfterEmptyPage(1, 20, 0)).toBeNull();
  });
});
