import { Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import { INQUIRY_SERVICE_LABELS, type InquiryStatus } from '../../../shared/rules/contact-inquiries.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { truncateText } from './inbox-params.ts';
import { InquiryStatusBadge, InquiryStatusSelect, UnreadBadge } from './inquiry-status.tsx';

/** Longest query text shown in the list; the modal shows all of it. */
const QUERY_PREVIEW_CHARS = 160;

/** `opener` is the inquiry's button, where focus goes back when the modal closes. */
export type OpenInquiry = (inquiry: Inquiry, opener: HTMLElement | null) => void;

export interface InquiryListProps {
  inquiries: Inquiry[];
  onOpen: OpenInquiry;
  onStatusChange: (inquiry: Inquiry, status: InquiryStatus) => void;
  onDelete: (inquiry: Inquiry) => void;
  /** The rows shown are the previous page's while the next one is on its way. */
  stale?: boolean;
}

interface RowProps {
  inquiry: Inquiry;
  onOpen: OpenInquiry;
  onStatusChange: (inquiry: Inquiry, status: InquiryStatus) => void;
  onDelete: (inquiry: Inquiry) => void;
}

/** The keyboard's way into an inquiry (the row itself is clickable for the mouse and the finger). */
function OpenButton({ inquiry, onOpen }: Pick<RowProps, 'inquiry' | 'onOpen'>) {
  return (
    <button
      type="button"
      data-inquiry-opener=""
      onClick={(event) => {
        event.stopPropagation();
        onOpen(inquiry, event.currentTarget);
      }}
      className={cx(
        'min-h-6 rounded text-left break-words text-slate-900 underline-offset-2 hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        inquiry.isRead ? 'font-medium' : 'font-semibold',
      )}
    >
      <span className="sr-only">Open inquiry from </span>
      {inquiry.name}
    </button>
  );
}

function openerIn(row: HTMLElement): HTMLElement | null {
  return row.querySelector<HTMLElement>('[data-inquiry-opener]');
}

function DeleteButton({ inquiry, onDelete }: Pick<RowProps, 'inquiry' | 'onDelete'>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="shrink-0 text-red-600 hover:bg-red-50"
      aria-label={`Delete inquiry from ${inquiry.name}`}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onDelete(inquiry);
      }}
    >
      <Trash2 aria-hidden="true" className="size-5" />
    </Button>
  );
}

function ContactLines({ inquiry }: { inquiry: Inquiry }) {
  return (
    <div className="mt-1 space-y-0.5 text-sm text-slate-600">
      <p className="break-all">{inquiry.email}</p>
      <p>
        <span className="whitespace-nowrap">{inquiry.phone}</span>
        <span aria-hidden="true"> · </span>
        <span className="break-words">{inquiry.city}</span>
      </p>
    </div>
  );
}

function TableRow({ inquiry, onOpen, onStatusChange, onDelete }: RowProps) {
  return (
    // A click anywhere on the row is a shortcut for the mouse; the name is the row's button for the keyboard.
    <tr
      onClick={(event) => onOpen(inquiry, openerIn(event.currentTarget))}
      className={cx(
        'cursor-pointer align-top transition-colors',
        inquiry.isRead ? 'bg-white hover:bg-slate-50' : 'bg-blue-50/70 hover:bg-blue-50',
      )}
    >
      <td className={cx('px-4 py-3', !inquiry.isRead && 'shadow-[inset_4px_0_0_var(--color-blue-500)]')}>
        <div className="flex flex-wrap items-center gap-2">
          <OpenButton inquiry={inquiry} onOpen={onOpen} />
          {!inquiry.isRead && <UnreadBadge />}
        </div>
        <ContactLines inquiry={inquiry} />
      </td>
      <td className="max-w-sm px-4 py-3">
        <p className="line-clamp-2 break-words text-slate-700">
          {truncateText(inquiry.query, QUERY_PREVIEW_CHARS)}
        </p>
        <p className="mt-1 text-xs text-slate-600">{INQUIRY_SERVICE_LABELS[inquiry.service]}</p>
      </td>
      <td className="px-4 py-3">
        <InquiryStatusBadge status={inquiry.status} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-600">
        <DateTime value={inquiry.createdAt} />
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-1">
          <InquiryStatusSelect
            value={inquiry.status}
            label={`Status of the inquiry from ${inquiry.name}`}
            onChange={(status) => onStatusChange(inquiry, status)}
          />
          <DeleteButton inquiry={inquiry} onDelete={onDelete} />
        </div>
      </td>
    </tr>
  );
}

function Card({ inquiry, onOpen, onStatusChange, onDelete }: RowProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap anywhere on the card is a shortcut; the name is the card's button for the keyboard
    <li
      onClick={(event) => onOpen(inquiry, openerIn(event.currentTarget))}
      className={cx(
        'cursor-pointer rounded-xl border p-4 shadow-sm',
        inquiry.isRead
          ? 'border-slate-200 bg-white'
          : 'border-blue-200 bg-blue-50 shadow-[inset_4px_0_0_var(--color-blue-500)]',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <OpenButton inquiry={inquiry} onOpen={onOpen} />
          {!inquiry.isRead && <UnreadBadge />}
        </div>
        <InquiryStatusBadge status={inquiry.status} />
      </div>
      <ContactLines inquiry={inquiry} />
      <p className="mt-2 line-clamp-3 break-words text-slate-700">
        {truncateText(inquiry.query, QUERY_PREVIEW_CHARS)}
      </p>
      <p className="mt-2 text-xs text-slate-600">
        {INQUIRY_SERVICE_LABELS[inquiry.service]}
        <span aria-hidden="true"> · </span>
        <DateTime value={inquiry.createdAt} />
      </p>
      <div className="mt-3 flex items-center gap-2 border-t border-slate-200/70 pt-3">
        <InquiryStatusSelect
          value={inquiry.status}
          label={`Status of the inquiry from ${inquiry.name}`}
          onChange={(status) => onStatusChange(inquiry, status)}
          className="min-w-0 flex-1"
        />
        <DeleteButton inquiry={inquiry} onDelete={onDelete} />
      </div>
    </li>
  );
}

/**
 * The inquiries of one page: a table on a wide screen, cards on a phone (staff answer from their phones).
 * Only one of the two is displayed; the other is display:none, so it is not in the accessibility tree.
 */
export function InquiryList({ inquiries, onOpen, onStatusChange, onDelete, stale }: InquiryListProps) {
  const rowProps = { onOpen, onStatusChange, onDelete };
  return (
    <div className={cx('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">Contact inquiries, newest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Contact Info
              </th>
              <th scope="col" className="px-4 py-3">
                Query
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Date
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {inquiries.map((inquiry) => (
              <TableRow key={inquiry._id} inquiry={inquiry} {...rowProps} />
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Contact inquiries, newest first" className="space-y-3 md:hidden">
        {inquiries.map((inquiry) => (
          <Card key={inquiry._id} inquiry={inquiry} {...rowProps} />
        ))}
      </ul>
    </div>
  );
}
