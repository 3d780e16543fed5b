import { Trash2, UserRound } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import { INQUIRY_SERVICE_LABELS, type InquiryStatus } from '../../../shared/rules/contact-inquiries.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmailAddress } from '../../ui/email-address.tsx';
import { DateCell, OpenButton, ResponsiveList } from '../../ui/responsive-list.tsx';
import { truncateText } from './inbox-params.ts';
import { InquiryStatusBadge, InquiryStatusSelect, UnreadDot } from './inquiry-status.tsx';

/** Longest query text shown in the list; the modal shows all of it. */
const QUERY_PREVIEW_CHARS = 160;

/** `opener` is the inquiry's button, where focus goes back when the modal closes. */
export type OpenInquiry = (inquiry: Inquiry, opener: HTMLElement | null) => void;

export interface InquiryListProps {
  inquiries: Inquiry[];
  onOpen: OpenInquiry;
  onStatusChange: (inquiry: Inquiry, status: InquiryStatus) => void;
  /** Without it (a role that may not delete), no Delete button. */
  onDelete?: (inquiry: Inquiry) => void;
  /** The rows shown are the previous page's while the next one is on its way. */
  stale?: boolean;
  /** The ids of the overdue ones: waiting without a response too long (decision 080). */
  overdue?: ReadonlySet<string>;
}

interface RowProps {
  inquiry: Inquiry;
  overdue?: boolean;
  onOpen: OpenInquiry;
  onStatusChange: (inquiry: Inquiry, status: InquiryStatus) => void;
  onDelete?: (inquiry: Inquiry) => void;
}

/** The inquirer's name, the inquiry's button: an unread one in bold, after a dot. */
function NameLine({
  inquiry,
  overdue,
  onOpen,
  className,
}: Pick<RowProps, 'inquiry' | 'overdue' | 'onOpen'> & { className: string }) {
  return (
    <div className={className}>
      {!inquiry.isRead && <UnreadDot />}
      <OpenButton
        onOpen={(opener) => onOpen(inquiry, opener)}
        className={cx('break-words', inquiry.isRead ? 'font-normal' : 'font-bold')}
      >
        <span className="sr-only">Open inquiry from </span>
        {inquiry.name}
      </OpenButton>
      {overdue && (
        <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">Overdue</span>
      )}
    </div>
  );
}

function ContactLines({ inquiry }: { inquiry: Inquiry }) {
  return (
    <div className="mt-1 space-y-0.5 text-sm text-slate-600">
      <p className="break-words">
        <EmailAddress value={inquiry.email} />
      </p>
      <p>
        <span className="whitespace-nowrap">{inquiry.phoneDisplay}</span>
        <span aria-hidden="true"> · </span>
        <span className="break-words">{inquiry.city}</span>
      </p>
    </div>
  );
}

/** Who the inquiry is assigned to, or that nobody is. */
function AssigneeLine({ inquiry, className }: { inquiry: Inquiry; className?: string }) {
  return (
    <p className={cx('flex items-center gap-1 text-xs text-slate-600', className)}>
      <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
      {inquiry.assignee ? (
        <span className="break-words">
          <span className="sr-only">Assigned to </span>
          {inquiry.assignee.name}
        </span>
      ) : (
        'Unassigned'
      )}
    </p>
  );
}

/** The status select and (for a role that may delete) the Delete button. */
function Actions({
  inquiry,
  onStatusChange,
  onDelete,
  className,
  selectClassName,
}: Omit<RowProps, 'onOpen'> & { className: string; selectClassName?: string }) {
  return (
    <div className={className}>
      <InquiryStatusSelect
        value={inquiry.status}
        label={`Status of the inquiry from ${inquiry.name}`}
        onChange={(status) => onStatusChange(inquiry, status)}
        className={selectClassName}
      />
      {onDelete && (
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
      )}
    </div>
  );
}

function Cells({ inquiry, overdue, onOpen, onStatusChange, onDelete }: RowProps) {
  return (
    <>
      <td className={cx('px-4 py-3', !inquiry.isRead && 'shadow-[inset_4px_0_0_var(--color-blue-500)]')}>
        <NameLine
          inquiry={inquiry}
          overdue={overdue}
          onOpen={onOpen}
          className="flex flex-wrap items-center gap-2"
        />
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
        <AssigneeLine inquiry={inquiry} className="mt-2" />
      </td>
      <DateCell value={inquiry.createdAt} />
      <td className="px-4 py-3">
        <Actions
          inquiry={inquiry}
          onStatusChange={onStatusChange}
          onDelete={onDelete}
          className="flex items-center gap-1"
        />
      </td>
    </>
  );
}

function CardContent({ inquiry, overdue, onOpen, onStatusChange, onDelete }: RowProps) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <NameLine
          inquiry={inquiry}
          overdue={overdue}
          onOpen={onOpen}
          className="flex min-w-0 flex-wrap items-center gap-2"
        />
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
      <AssigneeLine inquiry={inquiry} className="mt-1" />
      <Actions
        inquiry={inquiry}
        onStatusChange={onStatusChange}
        onDelete={onDelete}
        className="mt-3 flex items-center gap-2 border-t border-slate-200/70 pt-3"
        selectClassName="min-w-0 flex-1"
      />
    </>
  );
}

const COLUMNS = ['Contact Info', 'Query', 'Status', 'Date', 'Actions'];

/** The inquiries of one page: a table on a wide screen, cards on a phone (staff answer from their phones). */
export function InquiryList({
  inquiries,
  onOpen,
  onStatusChange,
  onDelete,
  stale,
  overdue,
}: InquiryListProps) {
  const rowProps = { onOpen, onStatusChange, onDelete };
  return (
    <ResponsiveList
      entries={inquiries}
      label="Contact inquiries, newest first"
      columns={COLUMNS}
      minWidth="min-w-[48rem]"
      stale={stale}
      onOpen={onOpen}
      cells={(inquiry) => <Cells inquiry={inquiry} overdue={overdue?.has(inquiry._id)} {...rowProps} />}
      // Unread shows by weight and a dot (and, as a card, a bar on its left): a blue tint under the grey text
      // fell short of the enhanced 7:1 contrast, so rows stay the plain white ones.
      cardClassName={(inquiry) =>
        cx(
          'rounded-xl border p-4 shadow-sm',
          inquiry.isRead
            ? 'border-slate-200 bg-white'
            : 'border-blue-200 bg-white shadow-[inset_4px_0_0_var(--color-blue-500)]',
        )
      }
      card={(inquiry) => <CardContent inquiry={inquiry} overdue={overdue?.has(inquiry._id)} {...rowProps} />}
    />
  );
}
