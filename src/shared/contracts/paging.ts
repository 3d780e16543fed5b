// Full zod, like the admin list schemas that use it (no public page imports this file).
import { z } from 'zod';

/** A query string may carry a parameter empty (`?status=&page=`): empty means "not given". */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const MAX_PAGE = 1_000_000;

/** `page` and `pageSize` of an admin list's query string; without them, the first page of `pageSize`. */
export function pagingQuery({ pageSize, maxPageSize }: { pageSize: number; maxPageSize: number }) {
  return {
    page: z.preprocess(
      emptyAsUndefined,
      z.coerce.number('Page must be a number').int().min(1).max(MAX_PAGE).default(1),
    ),
    pageSize: z.preprocess(
      emptyAsUndefined,
      z.coerce.number('Page size must be a number').int().min(1).max(maxPageSize).default(pageSize),
    ),
  };
}
