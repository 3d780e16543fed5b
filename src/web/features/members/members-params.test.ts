import { describe, expect, it } from 'vitest';
import { membersQueryString, parseMembersParams, toMembersQuery } from './members-params.ts';

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
