import { MailX, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { toast } from 'sonner';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import {
  INQUIRY_MESSAGES,
  INQUIRY_SERVICE_LABELS,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';
import { ApiRequestError, isSessionError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { DetailField } from '../../ui/detail-field.tsx';
import { EmailAddress } from '../../ui/email-address.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useInquiry, useMarkInquiryRead, useMarkInquiryUnread } from './api.ts';
import { InquiryAssignment } from './inquiry-assignment.tsx';
import { InquiryHistory } from './inquiry-history.tsx';
import { InquiryNotes } from './inquiry-notes.tsx';
import { InquiryReply, type ReplyFacts } from './inquiry-reply.tsx';
import { InquiryStatusSelect } from './inquiry-status.tsx';

export interface InquiryDetailDialogProps {
  /** The inquiry to show; null when the modal is closed. */
  inquiryId: string | null;
  /** Its row in the list on screen, shown at once while the server is asked for the latest. */
  shown?: Inquiry;
  /** What a reply's greeting and templates are filled from besides the inquiry. */
  replyFacts: ReplyFacts;
  /** The signed-in user: "Assign to me", and their own notes to edit. */
  currentAdminId?: string;
  onClose: () => void;
  onStatusChange: (inquiry: Inquiry, status: InquiryStatus) => void;
  /** Without it (a role that may not delete), no Delete button. */
  onDelete?: (inquiry: Inquiry) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

function isNotFound(error: unknown): boolean {
  // A malformed id in a hand-typed address gets a 400; to the reader it is the same: no such inquiry.
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

function InquiryDetails({
  inquiry,
  replyFacts,
  currentAdminId,
  onStatusChange,
}: {
  inquiry: Inquiry;
  replyFacts: ReplyFacts;
  currentAdminId?: string;
  onStatusChange: (inquiry: Inquiry, status: InquiryStatus) => void;
}) {
  const statusId = useId();
  return (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <DetailField label="Name">{inquiry.name}</DetailField>
        <DetailField label="Phone">{inquiry.phoneDisplay}</DetailField>
        <DetailField label="Email" wide>
          <EmailAddress value={inquiry.email} />
        </DetailField>
        <DetailField label="City">{inquiry.city}</DetailField>
        <DetailField label="Service">{INQUIRY_SERVICE_LABELS[inquiry.service]}</DetailField>
        <DetailField label="Submitted">
          <DateTime value={inquiry.createdAt} />
        </DetailField>
        {inquiry.updatedAt !== inquiry.createdAt && (
          <DetailField label="Updated">
            <DateTime value={inquiry.updatedAt} />
          </DetailField>
        )}
        <DetailField label="Query" wide>
          <span className="block rounded-lg bg-slate-50 p-3 whitespace-pre-wrap">{inquiry.query}</span>
        </DetailField>
      </dl>
      <div className="space-y-1">
        <label
          htmlFor={statusId}
          className="block text-xs font-semibold tracking-wide text-slate-600 uppercase"
        >
          Status
        </label>
        <InquiryStatusSelect
          id={statusId}
          value={inquiry.status}
          onChange={(status) => onStatusChange(inquiry, status)}
          className="w-full sm:w-56"
        />
      </div>
      <InquiryAssignment inquiry={inquiry} currentAdminId={currentAdminId} />
      <InquiryReply inquiry={inquiry} facts={replyFacts} />
      <InquiryNotes inquiryId={inquiry._id} currentAdminId={currentAdminId} />
      <InquiryHistory inquiryId={inquiry._id} />
    </div>
  );
}

/** One inquiry in full; opening an unread one marks it read. */
export function InquiryDetailDialog({
  inquiryId,
  shown,
  replyFacts,
  currentAdminId,
  onClose,
  onStatusChange,
  onDelete,
  onCloseAutoFocus,
}: InquiryDetailDialogProps) {
  const detail = useInquiry(inquiryId, shown);
  const markRead = useMarkInquiryRead();
  const markUnread = useMarkInquiryUnread();
  const inquiry = detail.data;
  const handled = useRef<string | null>(null);
  const loaded = inquiry !== undefined;
  const unread = loaded && !inquiry.isRead;

  // Decided once per opening, on the first figures at hand: "Mark as unread" must not be undone by this.
  useEffect(() => {
    if (!inquiryId) {
      handled.current = null;
      return;
    }
    if (!loaded || handled.current === inquiryId) return;
    handled.current = inquiryId;
    if (!unread) return;
    markRead.mutate(inquiryId, {
      // A failed read mark is only logged.
      onError: (error) => {
        if (!isSessionError(error)) console.warn('Failed to mark the inquiry as read', error);
      },
    });
  }, [inquiryId, loaded, unread, markRead.mutate]);

  const markAsUnread = () => {
    if (!inquiry) return;
    markUnread.mutate(inquiry._id, {
      onSuccess: () => {
        toast.success(INQUIRY_MESSAGES.markedUnread);
        onClose();
      },
      onError: (error) => {
        if (!isSessionError(error)) toast.error('Failed to mark the inquiry as unread');
      },
    });
  };

  const notFound = !inquiry && detail.isError && isNotFound(detail.error);

  return (
    <Modal
      open={inquiryId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={inquiry ? `Inquiry from ${inquiry.name}` : 'Inquiry'}
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        // One row at every width: Close first, then the inquiry's actions, Delete last and no bigger than them.
        <div className="flex items-center justify-between gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {inquiry && (
            <div className="flex items-center gap-2">
              {inquiry.isRead && !markRead.isPending && (
                <Button variant="secondary" onClick={markAsUnread} disabled={markUnread.isPending}>
                  <MailX aria-hidden="true" className="size-4" />
                  {markUnread.isPending ? 'Marking...' : 'Mark as unread'}
                </Button>
              )}
              {onDelete && (
                <Button
                  variant="secondary"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => onDelete(inquiry)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              )}
            </div>
          )}
        </div>
      }
    >
      {inquiry ? (
        <InquiryDetails
          inquiry={inquiry}
          replyFacts={replyFacts}
          currentAdminId={currentAdminId}
          onStatusChange={onStatusChange}
        />
      ) : notFound ? (
        <div role="alert" className="py-6 text-center">
          <p className="font-medium text-slate-900">{INQUIRY_MESSAGES.notFound}</p>
          <p className="mt-1 text-sm text-slate-600">It may have been deleted.</p>
        </div>
      ) : detail.isError ? (
        <LoadFailed look="dialog" onRetry={() => void detail.refetch()}>
          The inquiry could not be loaded.
        </LoadFailed>
      ) : (
        <LoadingState label="Loading inquiry..." />
      )}
    </Modal>
  );
}
