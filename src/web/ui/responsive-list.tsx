import type { MouseEvent, ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { DateTime } from './date-time.tsx';

export interface ResponsiveListProps<Entry extends { _id: string }> {
  entries: readonly Entry[];
  /** The table's caption and the card list's name, e.g. "Members, newest first". */
  label: string;
  columns: readonly string[];
  /** The table's least width (a Tailwind min-w-* class), so its columns are not squeezed. */
  minWidth: string;
  /** The entries shown are the previous page's while the next one is on its way. */
  stale?: boolean;
  /** A click anywhere on an entry's row or card opens it, as its OpenButton does for the keyboard. */
  onOpen: (entry: Entry, opener: HTMLElement | null) => void;
  /** By default a plain white row, tinted under the pointer. */
  rowClassName?: (entry: Entry) => string;
  /** An entry's cells (<td>), for a wide screen. */
  cells: (entry: Entry) => ReactNode;
  /** By default a plain white card. */
  cardClassName?: (entry: Entry) => string;
  /** What an entry's card holds, for a phone. */
  card: (entry: Entry) => ReactNode;
}

/**
 * The entries of one page: a table on a wide screen, cards on a phone (staff use the back office on their
 * phones). Only one of the two is displayed; the other is display:none, so it is not in the accessibility tree.
 */
export function ResponsiveList<Entry extends { _id: string }>({
  entries,
  label,
  columns,
  minWidth,
  stale,
  onOpen,
  rowClassName = () => 'bg-white align-top transition-colors hover:bg-slate-50',
  cells,
  cardClassName = () => 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
  card,
}: ResponsiveListProps<Entry>) {
  // A click anywhere on a row or card is a shortcut for the mouse and the finger; its OpenButton is the keyboard's.
  const clickable = (
    Tag: 'tr' | 'li',
    className: (entry: Entry) => string,
    content: (entry: Entry) => ReactNode,
  ) =>
    entries.map((entry) => (
      <Tag
        key={entry._id}
        onClick={(event: MouseEvent<HTMLElement>) => onOpen(entry, openerIn(event))}
        className={cx('cursor-pointer', className(entry))}
      >
        {content(entry)}
      </Tag>
    ));
  return (
    <div className={cx('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className={cx('w-full', minWidth, 'text-left text-sm')}>
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-4 py-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">{clickable('tr', rowClassName, cells)}</tbody>
        </table>
      </div>
      <ul aria-label={label} className="space-y-3 md:hidden">
        {clickable('li', cardClassName, card)}
      </ul>
    </div>
  );
}

/** A table cell with a moment (creation, say): on one line. */
export function DateCell({ value }: { value: string }) {
  return (
    <td className="px-4 py-3 whitespace-nowrap text-slate-600">
      <DateTime value={value} />
    </td>
  );
}

/**
 * The keyboard's way into an entry of a ResponsiveList (a click anywhere else on its row or card is
 * the mouse's and the finger's).
 */
export function OpenButton({
  onOpen,
  className,
  children,
}: {
  /** Gets the button, where focus goes back when the entry's dialog closes. */
  onOpen: (opener: HTMLElement) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-opener=""
      onClick={(event) => {
        event.stopPropagation();
        onOpen(event.currentTarget);
      }}
      className={cx(
        'min-h-6 rounded text-left text-slate-900 underline-offset-2 hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      {children}
    </button>
  );
}

/** The OpenButton of the row or card that was clicked. */
function openerIn(event: MouseEvent<HTMLElement>): HTMLElement | null {
  return event.currentTarget.querySelector<HTMLElement>('[data-opener]');
}
