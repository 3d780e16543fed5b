import { useRef } from 'react';
import { hasNextPage, type ListParamChanges, type ListParams, pageRange } from './list-params.ts';
import { type ListPage, useLeaveEmptyPage } from './use-list-params.ts';
import { useUrlSearchBox } from './use-url-search-box.ts';

/**
 * What a searchable, paged list screen (the inquiry inbox, the Members screen) does around its list: the
 * search box, the page shown and its range, the pages, and where focus goes when a dialog closes: back
 * to the button that opened an entry, or to the list's heading once that entry is deleted.
 * `shown` is how many entries the page on screen holds.
 */
export function useListScreen<Status extends string>(
  params: ListParams<Status>,
  change: (changes: ListParamChanges<Status>, step?: boolean) => void,
  list: { data?: ListPage; isPlaceholderData: boolean },
  shown: number,
) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const searchBox = useUrlSearchBox(params.q, change);
  const { data, isPlaceholderData: stale } = list;
  useLeaveEmptyPage(params.page, data, shown, stale, change);

  const goToPage = (page: number) => {
    change({ page }, true);
    headingRef.current?.scrollIntoView({ block: 'nearest' });
  };
  const canGoOn =
    data !== undefined && hasNextPage(params.page, data.pageSize, shown, data.total, data.totalCapped);

  /** The deleted entry's buttons are gone: focus goes to the list's heading instead. True if it did. */
  const focusAfterDelete = (event: Event): boolean => {
    if (!deleted.current) return false;
    event.preventDefault();
    headingRef.current?.focus();
    return true;
  };

  return {
    searchBox,
    headingRef,
    /** The rows on screen are the previous page's while the next one is on its way. */
    stale,
    /** "Showing 21–40": the positions of the entries shown; null while there are none. */
    range: data && shown > 0 ? pageRange(params.page, data.pageSize, shown) : null,
    /** The Pager's props; null when everything fits on the first page. */
    pager:
      data && (params.page > 1 || canGoOn)
        ? { page: params.page, hasNextPage: canGoOn, onPageChange: goToPage }
        : null,
    /** Opens an entry's dialog; `from` (its button) gets the focus back when the dialog closes. */
    open: (id: string, from: HTMLElement | null) => {
      opener.current = from;
      change({ open: id });
    },
    /** Call when asking to delete an entry. */
    deleting: () => {
      deleted.current = false;
    },
    /** Call once the entry is deleted: its dialog closes, and focus will go to the list's heading. */
    deletedEntry: (id: string) => {
      deleted.current = true;
      if (params.open === id) change({ open: null });
    },
    focusAfterDelete,
    /** The entry's dialog gives focus back to the entry's button in the list (the row itself cannot take it). */
    focusAfterDetail: (event: Event) => {
      const from = opener.current;
      opener.current = null;
      if (deleted.current) focusAfterDelete(event);
      else if (from?.isConnected) {
        event.preventDefault();
        from.focus();
      }
    },
  };
}
