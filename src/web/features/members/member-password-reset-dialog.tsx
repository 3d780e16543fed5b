import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { Member, MemberCredentials } from '../../../shared/contracts/members.ts';
import { MEMBER_MESSAGES } from '../../../shared/rules/members.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { requestCredentials } from '../../ui/credentials-dialog.tsx';
import { PasswordChoiceFields } from '../../ui/password-choice.tsx';
import { useResetMemberPassword } from './api.ts';
import { MemberCredentialsDialog, type MemberCredentialsTarget } from './member-credentials.tsx';
import { MemberPasswordResetFormSchema, memberPasswordResetBody } from './member-form.ts';
import { MEMBER_PASSWORD_CHOICES, MEMBER_PASSWORD_HINT } from './member-password-choices.ts';

const FORM_ID = 'member-password-reset-form';

interface ResetFormProps {
  member: Member;
  onReset: (credentials: MemberCredentials) => void;
  onPendingChange: (pending: boolean) => void;
}

function ResetForm({ member, onReset, onPendingChange }: ResetFormProps) {
  const reset = useResetMemberPassword();
  const form = useZodForm(MemberPasswordResetFormSchema, {
    defaultValues: { passwordChoice: 'generate', password: '' },
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const choice = useWatch({ control: form.control, name: 'passwordChoice' }) ?? 'generate';

  const onSubmit = form.handleSubmit((values) =>
    requestCredentials(
      reset,
      { id: member._id, body: memberPasswordResetBody(values) },
      {
        onPendingChange,
        onAnswer: onReset,
        onRefused: (error) => form.showRefusal(error, ['password'], 'Failed to reset the password'),
      },
    ),
  );

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        The member's current password stops working at once. You will see the new one once, to give it to
        them.
      </p>
      <PasswordChoiceFields
        options={MEMBER_PASSWORD_CHOICES}
        passwordHint={MEMBER_PASSWORD_HINT}
        choice={choice}
        register={form.register}
        passwordError={form.formState.errors.password?.message}
      />
    </form>
  );
}

export interface MemberPasswordResetDialogProps extends MemberCredentialsTarget {
  /** The member whose password is reset; null when the dialog is closed. */
  member: Member | null;
}

/** A new password for a member: chosen or typed, then shown once. Closing forgets it. */
export function MemberPasswordResetDialog({ member, ...target }: MemberPasswordResetDialogProps) {
  return (
    <MemberCredentialsDialog
      {...target}
      open={member !== null}
      title="Reset password"
      doneTitle="New password"
      description={member?.mobileDisplay}
      formId={FORM_ID}
      submitLabel="Reset password"
      pendingLabel="Resetting..."
    >
      {({ showCredentials, onPendingChange }) =>
        member === null ? null : (
          <ResetForm
            member={member}
            onPendingChange={onPendingChange}
            onReset={(next) => {
              toast.success(MEMBER_MESSAGES.passwordReset);
              showCredentials(next);
            }}
          />
        )
      }
    </MemberCredentialsDialog>
  );
}
