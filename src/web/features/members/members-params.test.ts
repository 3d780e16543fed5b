import { describe, expect, it } from 'vitest';
import {
  membersQueryString,
  pageAfterEmptyPage,
  pageCount,
  pageRange,
  parseMembersParams,
  toMembersQuery,
  withMembersParams,
} from './members-params.ts';

const parse = (search: string) => parseMembersParams(new URLSearchParams(search));

describe('parseMembersParams', () => {
  it('reads the search, the status, the page and the open member', () => {
    expect(parse('q=98765&status=disabled&page=3&open=abc')).toEqual({
      q: '98765',
      status: 'disabled',
      page: 3,
      open: 'abc',
    });
  });

  it('treats missing, empty and malformed values as no filter and the first page', () => {
    expect(parse('')).toEqual({ q: '', status: undefined, page: 1, open: null });
    expect(parse('q=&status=&page=&open=')).toEqual({ q: '', status: undefined, page: 1, open: null });
    expect(parse('status=deleted&page=-2')).toMatchObject({ status: undefined, page: 1 });
    expect(parse('page=2.5')).toMatchObject({ page: 1 });
    expect(parse('page=0')).toMatchObject({ page: 1 });
  });

  it('keeps a search as typed, + and spaces included, up to the length limit', () => {
    expect(parse('q=%2B91%2098765').q).toBe('+91 98765');
    expect(parse(`q=${'x'.repeat(300)}`).q).toHaveLength(100);
  });
});

describe('toMembersQuery and membersQueryString', () => {
  it('sends the trimmed search and leaves out what is not set', () => {
    const query = toMembersQuery({ q: '  +91 98765  ', status: undefined, page: 1, open: 'x' });
    expect(query).toEqual({ q: '+91 98765', page: 1, pageSize: 20 });
    // A + must reach the server as a +, not as a space.
    expect(membersQueryString(query)).toBe('q=%2B91+98765');
    expect(membersQueryString(toMembersQuery({ q: ' ', status: 'active', page: 4, open: null }))).toBe(
      'status=active&page=4',
    );
    expect(membersQueryString({ pageSize: 50 })).toBe('pageSize=50');
  });
});

describe('withMembersParams', () => {
  const current = new URLSearchParams('q=asha&status=active&page=3&open=abc');

  it('starts a new search or filter at the first page and keeps the rest', () => {
    expect(withMembersParams(current, { q: 'ravi' }).toString()).toBe('q=ravi&status=active&open=abc');
    expect(withMembersParams(current, { status: undefined }).toString()).toBe('q=asha&open=abc');
  });

  it('leaves out an empty search, page 1 and a closed member', () => {
    expect(withMembersParams(current, { q: '   ' }).has('q')).toBe(false);
    expect(withMembersParams(current, { page: 1 }).has('page')).toBe(false);
    expect(withMembersParams(current, { open: null }).toString()).toBe('q=asha&status=active&page=3');
    expect(withMembersParams(current, { page: 4 }).get('page')).toBe('4');
  });
});

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('gives the positions shown on a page', () => {
    expect(pageRange(1, 20, 20)).toEqual({ from: 1, to: 20 });
    expect(pageRange(2, 20, 1)).toEqual({ from: 21, to: 21 });
    expect(pageRange(3, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it('steps back from an empty page to the last page that has members', () => {
    expect(pageAfterEmptyPage(1, 20, 0)).toBeNull();
    expect(pageAfterEmptyPage(2, 20, 20)).toBe(1);
    expect(pageAfterEmptyPage(9, 20, 45)).toBe(3);
    expect(pageAfterEmptyPage(3, 20, 0)).toBe(1);
  });
});
