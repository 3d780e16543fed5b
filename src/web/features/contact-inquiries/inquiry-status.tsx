import type { ChangeEvent } from 'react';
import {
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';
import { cx } from '../../lib/class-names.ts';
import { isInquiryStatus } from './inbox-params.ts';

/** A status's colour: new blue, in progress yellow, resolved green, closed gray. */
const INQUIRY_STATUS_TONES: Record<InquiryStatus, string> = {
  new: 'bg-blue-100 text-blue-800',
  'in-progress': 'bg-yellow-100 text-yellow-800',
  resolved: 'bg-green-100 text-green-900',
  closed: 'bg-gray-200 text-gray-700',
};

export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        INQUIRY_STATUS_TONES[status],
      )}
    >
      {INQUIRY_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The mark of an unread inquiry: a dot, not a word, so it never reads like a second status ("New" beside
 * "Resolved"); screen readers hear "Unread".
 */
export function UnreadDot() {
  return (
    <span className="inline-flex shrink-0 items-center">
      <span aria-hidden="true" className="size-2.5 rounded-full bg-blue-600" />
      <span className="sr-only">Unread</span>
    </span>
  );
}

export interface InquiryStatusSelectProps {
  value: InquiryStatus;
  onChange: (status: InquiryStatus) => void;
  /** The accessible name, e.g. "Status of the inquiry from Asha Rao". */
  label?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
}

/** A native select: on a phone it opens the system picker, which is the easiest to use there. */
export function InquiryStatusSelect({
  value,
  onChange,
  label,
  id,
  disabled,
  className,
}: InquiryStatusSelectProps) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      // The select sits in a clickable row; choosing a status must not open the inquiry as well.
      onClick={(event) => event.stopPropagation()}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        if (isInquiryStatus(event.target.value)) onChange(event.target.value);
      }}
      className={cx(
        'h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900',
        'focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 disabled:bg-slate-100',
        className,
      )}
    >
      {INQUIRY_STATUSES.map((status) => (
        <option key={status} value={status}>
          {INQUIRY_STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}
