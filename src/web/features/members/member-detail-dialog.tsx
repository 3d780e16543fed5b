import { CircleCheck, CircleSlash } from 'lucide-react';
import { toast } from 'sonner';
import {
  type Member,
  type MemberUpdateInput,
  MemberUpdateSchema,
} from '../../../shared/contracts/members.ts';
import { MEMBER_LIMITS, MEMBER_MESSAGES } from '../../../shared/rules/members.ts';
import { ApiRequestError, errorMessage, isSessionError } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import {
  DETAIL_LABEL_CLASS,
  DetailField,
  type PersonDialogActions,
  PersonDialogFooter,
} from '../../ui/detail-field.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Modal } from '../../ui/modal.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { SaveInPlaceForm } from '../../ui/save-in-place-form.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useMember, useUpdateMember } from './api.ts';
import { MemberAuditLog } from './member-audit-log.tsx';
import { MemberStatusBadge } from './member-status.tsx';

function isNotFound(error: unknown): boolean {
  // A malformed id in a hand-typed address gets a 400; to the reader it is the same: no such member.
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

type NameFormInput = Pick<MemberUpdateInput, 'displayName'>;
type NameFormValues = { displayName?: string | null };

/** The member's name, changed in place; an empty name removes it. */
function RenameForm({ member }: { member: Member }) {
  const update = useUpdateMember();
  const { field, ...form } = useZodForm<NameFormInput, NameFormValues>(MemberUpdateSchema, {
    defaultValues: { displayName: member.displayName ?? '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync({ id: member._id, body: { displayName: values.displayName ?? null } }).then(
      () => toast.success(MEMBER_MESSAGES.updated),
      (error: unknown) => form.showRefusal(error, ['displayName'], 'Failed to update member'),
    ),
  );

  return (
    <SaveInPlaceForm form={form} mutation={update} onSubmit={onSubmit} saveLabel="Save name">
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={MEMBER_LIMITS.displayName}
        {...field('displayName')}
      />
    </SaveInPlaceForm>
  );
}

export interface MemberDetailDialogProps extends PersonDialogActions<Member> {
  /** The member to show; null when the dialog is closed. */
  memberId: string | null;
  /** Its row in the list on screen, shown at once while the server is asked for the latest. */
  shown?: Member;
}

/** The member's page: details, name, enable/disable, password reset, delete, and the audit log. */
export function MemberDetailDialog({
  memberId,
  shown,
  onClose,
  onResetPassword,
  onDelete,
  onCloseAutoFocus,
}: MemberDetailDialogProps) {
  const detail = useMember(memberId);
  const update = useUpdateMember();
  const member = detail.data?.member ?? shown;
  const notFound = !detail.data && detail.isError && isNotFound(detail.error);

  const toggleStatus = () => {
    if (!member) return;
    const status = member.status === 'active' ? 'disabled' : 'active';
    update.mutate(
      { id: member._id, body: { status } },
      {
        onSuccess: () => toast.success(MEMBER_MESSAGES.updated),
        onError: (error) => {
          if (!isSessionError(error)) toast.error(errorMessage(error, 'Failed to update member'));
        },
      },
    );
  };

  return (
    <Modal
      open={memberId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member && !notFound ? member.mobileDisplay : 'Member'}
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        <PersonDialogFooter
          person={notFound ? null : member}
          onClose={onClose}
          onResetPassword={onResetPassword}
          onDelete={onDelete}
        >
          {(shownMember) => (
            <Button variant="secondary" onClick={toggleStatus} disabled={update.isPending}>
              {shownMember.status === 'active' ? (
                <CircleSlash aria-hidden="true" className="size-4" />
              ) : (
                <CircleCheck aria-hidden="true" className="size-4" />
              )}
              {update.isPending ? 'Saving...' : shownMember.status === 'active' ? 'Disable' : 'Enable'}
            </Button>
          )}
        </PersonDialogFooter>
      }
    >
      {notFound ? (
        <div role="alert" className="py-6 text-center">
          <p className="font-medium text-slate-900">{MEMBER_MESSAGES.notFound}</p>
          <p className="mt-1 text-sm text-slate-600">It may have been deleted.</p>
        </div>
      ) : member ? (
        <div className="space-y-5">
          <dl className="grid gap-4 sm:grid-cols-2">
            <DetailField label="Mobile">
              <span className="tabular-nums">{member.mobileDisplay}</span>
            </DetailField>
            <DetailField label="Status">
              <MemberStatusBadge status={member.status} />
            </DetailField>
            <DetailField label="Created">
              <DateTime value={member.createdAt} />
            </DetailField>
            {member.updatedAt !== member.createdAt && (
              <DetailField label="Last changed">
                <DateTime value={member.updatedAt} />
              </DetailField>
            )}
          </dl>
          {/* A fresh form whenever the saved name changes, so it always starts from what is stored. */}
          <RenameForm key={`${member._id}:${member.displayName ?? ''}`} member={member} />
          <section aria-labelledby="member-activity" className="space-y-2">
            <h3 id="member-activity" className={DETAIL_LABEL_CLASS}>
              Activity
            </h3>
            <QueryContent query={detail} noun="activity" look="inline">
              {(data) => <MemberAuditLog entries={data.audit} />}
            </QueryContent>
          </section>
        </div>
      ) : detail.isError ? (
        <LoadFailed look="dialog" onRetry={() => void detail.refetch()}>
          The member could not be loaded.
        </LoadFailed>
      ) : (
        <LoadingState label="Loading member..." />
      )}
    </Modal>
  );
}
