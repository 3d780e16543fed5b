import { useCallback, useEffect } from 'react';
import { type ListParamChanges, type ListParams, pageAfterEmptyPage, withListParams } from './list-params.ts';
import { useAddressParams } from './use-address-params.ts';

/**
 * A list's state read from the address, and `change` to move it. Search typing and opening an entry
 * replace the address; a filter or a page (`step`) is a step Back can undo.
 */
export function useListParams<Status extends string, Params extends ListParams<Status> = ListParams<Status>>(
  parse: (params: URLSearchParams) => Params & ListParams<Status>,
) {
  const [searchParams, setSearchParams] = useAddressParams();
  const change = useCallback(
    (changes: ListParamChanges<Status>, step = false) =>
      setSearchParams((current) => withListParams(current, changes), {
        replace: !step,
        // The list changes under the admin's eyes; the window stays where it is.
        preventScrollReset: true,
      }),
    [setSearchParams],
  );
  return { params: parse(searchParams), change };
}

/** One page of a list as the server answered it. */
export interface ListPage {
  pageSize: number;
  total: number;
  /** The server stopped counting at `total`. */
  totalCapped?: boolean;
}

/**
 * A page that came back empty (its last entry deleted, or an address past the end): step back to the
 * last page that has some. `stale`: the answer on screen is still the previous page's.
 */
export function useLeaveEmptyPage(
  page: number,
  data: ListPage | undefined,
  shown: number,
  stale: boolean,
  change: (changes: { page: number }) => void,
) {
  useEffect(() => {
    if (!data || stale || shown > 0) return;
    const target = pageAfterEmptyPage(page, data.pageSize, data.total, data.totalCapped);
    if (target !== null) change({ page: target });
  }, [data, shown, stale, page, change]);
}
