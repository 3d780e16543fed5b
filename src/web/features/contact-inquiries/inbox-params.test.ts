import { describe, expect, it } from 'vitest';
import {
  formatInquiryTotal,
  inboxQueryString,
  parseInboxParams,
  toInboxQuery,
  truncateText,
} from './inbox-params.ts';

const parse = (search: string) => parseInboxParams(new URLSearchParams(search));

describe('parseInboxParams', () => {
  it('reads the search, the status, the page and the open inquiry', () => {
    expect(parse('q=asha&status=in-progress&page=3&open=abc')).toEqual({
      q: 'asha',
      status: 'in-progress',
      page: 3,
      open: 'abc',
    });
  });

  it('treats missing, empty and malformed values as no filter and the first page', () => {
    expect(parse('')).toEqual({ q: '', status: undefined, page: 1, open: null });
    expect(parse('q=&status=&page=&open=')).toEqual({ q: '', status: undefined, page: 1, open: null });
    expect(parse('status=pending&page=-2')).toMatchObject({ status: undefined, page: 1 });
    expect(parse('page=2.5')).toMatchObject({ page: 1 });
    expect(parse('page=0')).toMatchObject({ page: 1 });
    expect(parse('page=abc')).toMatchObject({ page: 1 });
  });

  it('keeps a search as typed, percent signs and spaces included, up to the length limit', () => {
    expect(parse('q=50%25%20off').q).toBe('50% off');
    expect(parse(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });
});

describe('toInboxQuery and inboxQueryString', () => {
  it('sends the trimmed search and leaves out what is not set', () => {
    const query = toInboxQuery({ q: '  50%  ', status: undefined, assigned: undefined, page: 1, open: 'x' });
    expect(query).toEqual({ q: '50%', page: 1, pageSize: 20 });
    expect(inboxQueryString(query)).toBe('q=50%25');
    expect(
      inboxQueryString(toInboxQuery({ q: ' ', status: 'closed', assigned: undefined, page: 4, open: null })),
    ).toBe('status=closed&page=4');
  });

  it('sends the assignment filter when one is chosen', () => {
    const query = toInboxQuery({ q: '', status: undefined, assigned: 'me', page: 1, open: null });
    expect(query).toEqual({ assigned: 'me', page: 1, pageSize: 20 });
    expect(inboxQueryString(query)).toBe('assigned=me');
    expect(inboxQueryString({ status: 'new', assigned: 'none', page: 2 })).toBe(
      'status=new&page=2&assigned=none',
    );
  });
});

describe('the assignment filter in the address', () => {
  it('reads "me" and "none", and anything else as no filter', () => {
    expect(parse('assigned=me').assigned).toBe('me');
    expect(parse('assigned=none&status=new')).toMatchObject({ assigned: 'none', status: 'new' });
    for (const search of ['', 'assigned=', 'assigned=ME', 'assigned=someone']) {
      expect(parse(search).assigned).toBeUndefined();
    }
  });
});

describe('formatInquiryTotal', () => {
  it('shows a capped total as "10,000+"', () => {
    expect(formatInquiryTotal(10_000, true, 'en-US')).toBe('10,000+');
    expect(formatInquiryTotal(10_000, true, 'en-IN')).toBe('10,000+');
    // A search with a status filter may stop counting earlier: the figure is then a lower bound.
    expect(formatInquiryTotal(2_480, true, 'en-US')).toBe('2,480+');
  });

  it('shows an exact total in the viewer’s number format', () => {
    expect(formatInquiryTotal(1234, false, 'en-US')).toBe('1,234');
    expect(formatInquiryTotal(0, false, 'en-US')).toBe('0');
    expect(formatInquiryTotal(1234, false, 'de-DE')).toBe('1.234');
  });
});

describe('truncateText', () => {
  it('keeps short text and flattens its whitespace', () => {
    expect(truncateText('Hello\n\n  there', 50)).toBe('Hello there');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const text = 'We are launching a shop and need help with social media marketing';
    const cut = truncateText(text, 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toBe('We are launching a shop and…');
    expect(truncateText('x'.repeat(40), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
