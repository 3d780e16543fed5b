// Full zod, like the admin list schemas that use it (no public page imports this file).
import { z } from 'zod';
import { MAX_PAGE } from '../rules/paging.ts';
import { withoutControlCharacters } from './fields.ts';

/** A query string may carry a parameter empty (`?status=&page=`): empty means "not given". */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export interface PagingOptions {
  pageSize: number;
  maxPageSize: number;
  /**
   * The blog's lists answer a fractional page with "Page must be a whole number"; the other lists with zod's
   * own words. Both are kept as they were, since an API's messages do not change in a clean-up.
   */
  wholeNumberMessages?: boolean;
}

/** A list's `?q=`: trimmed, at most `maxLength` characters; empty means no search. */
export function searchParam(maxLength: number) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      // Also keeps the separator the inbox's PostgreSQL search expression puts between fields (U+001F) out.
      .check(withoutControlCharacters('Search'))
      .max(maxLength, `Search must be at most ${maxLength} characters`)
      .optional(),
  );
}

/** `page` and `pageSize` of a list's query string; without them, the first page of `pageSize`. */
export function pagingQuery({ pageSize, maxPageSize, wholeNumberMessages = false }: PagingOptions) {
  const wholeNumber = (label: string) =>
    wholeNumberMessages ? `${label} must be a whole number` : undefined;
  return {
    page: z.preprocess(
      emptyAsUndefined,
      z.coerce.number('Page must be a number').int(wholeNumber('Page')).min(1).max(MAX_PAGE).default(1),
    ),
    pageSize: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number('Page size must be a number')
        .int(wholeNumber('Page size'))
        .min(1)
        .max(maxPageSize)
        .default(pageSize),
    ),
  };
}

/** What every paged list answers besides its entries: the total and the page it is. */
export const PAGE_FIELDS = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};
