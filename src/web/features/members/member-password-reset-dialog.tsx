import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { Member, MemberCredentials } from '../../../shared/contracts/members.ts';
import { MEMBER_MESSAGES } from '../../../shared/rules/members.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useResetMemberPassword } from './api.ts';
import { MemberCredentialsDialog } from './member-credentials-dialog.tsx';
import {
  type MemberPasswordResetFormInput,
  MemberPasswordResetFormSchema,
  type MemberPasswordResetFormValues,
  memberPasswordResetBody,
} from './member-form.ts';
import { PasswordChoiceFields } from './password-choice.tsx';

const FORM_ID = 'member-password-reset-form';

interface ResetFormProps {
  member: Member;
  onReset: (credentials: MemberCredentials) => void;
  onPendingChange: (pending: boolean) => void;
}

function ResetForm({ member, onReset, onPendingChange }: ResetFormProps) {
  const reset = useResetMemberPassword();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MemberPasswordResetFormInput, unknown, MemberPasswordResetFormValues>({
    resolver: zodResolver(MemberPasswordResetFormSchema),
    defaultValues: { passwordChoice: 'generate', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const choice = useWatch({ control, name: 'passwordChoice' }) ?? 'generate';

  const onSubmit = handleSubmit(async (values) => {
    onPendingChange(true);
    try {
      const credentials = await reset.mutateAsync({ id: member._id, body: memberPasswordResetBody(values) });
      reset.reset();
      onReset(credentials);
    } catch (error) {
      if (isSessionError(error)) return;
      applyServerFieldErrors(error, setError, ['password']);
      toast.error(errorMessage(error, 'Failed to reset the password'));
    } finally {
      onPendingChange(false);
    }
  });

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        The member's current password stops working at once. You will see the new one once, to give it to
        them.
      </p>
      <PasswordChoiceFields
        choice={choice}
        choiceField={register('passwordChoice')}
        passwordField={register('password', { shouldUnregister: true })}
        passwordError={errors.password?.message}
      />
    </form>
  );
}

export interface MemberPasswordResetDialogProps {
  /** The member whose password is reset; null when the dialog is closed. */
  member: Member | null;
  brandName: string | undefined;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** A new password for a member: chosen or typed, then shown once. Closing forgets it. */
export function MemberPasswordResetDialog({
  member,
  brandName,
  onClose,
  onCloseAutoFocus,
}: MemberPasswordResetDialogProps) {
  return (
    <MemberCredentialsDialog
      open={member !== null}
      title="Reset password"
      doneTitle="New password"
      description={member?.mobileDisplay}
      formId={FORM_ID}
      submitLabel="Reset password"
      pendingLabel="Resetting..."
      brandName={brandName}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
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
