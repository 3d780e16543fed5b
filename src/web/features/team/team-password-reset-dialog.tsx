import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { TeamUser, TeamUserCredentials } from '../../../shared/contracts/team.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { CredentialsDialog, requestCredentials } from '../../ui/credentials-dialog.tsx';
import { PasswordChoiceFields } from '../../ui/password-choice.tsx';
import { useResetTeamPassword } from './api.ts';
import { TeamCredentialsPanel } from './team-credentials.tsx';
import {
  TEAM_PASSWORD_HINT,
  TEAM_RESET_PASSWORD_CHOICES,
  TeamPasswordResetFormSchema,
  teamPasswordResetBody,
} from './team-form.ts';

const FORM_ID = 'team-password-reset-form';

interface ResetFormProps {
  user: TeamUser;
  onReset: (credentials: TeamUserCredentials) => void;
  onPendingChange: (pending: boolean) => void;
}

function ResetForm({ user, onReset, onPendingChange }: ResetFormProps) {
  const reset = useResetTeamPassword();
  const form = useZodForm(TeamPasswordResetFormSchema, {
    defaultValues: { passwordChoice: 'generate', password: '' },
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const choice = useWatch({ control: form.control, name: 'passwordChoice' }) ?? 'generate';

  const onSubmit = form.handleSubmit((values) =>
    requestCredentials(
      reset,
      { id: user._id, body: teamPasswordResetBody(values) },
      {
        onPendingChange,
        onAnswer: onReset,
        onRefused: (error) => form.showRefusal(error, ['password'], 'Failed to reset the password'),
      },
    ),
  );

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        {user.name}'s current password stops working at once, and they are signed out everywhere. You will see
        the new one once, to give it to them.
      </p>
      <PasswordChoiceFields
        options={TEAM_RESET_PASSWORD_CHOICES}
        passwordHint={TEAM_PASSWORD_HINT}
        choice={choice}
        register={form.register}
        passwordError={form.formState.errors.password?.message}
      />
    </form>
  );
}

export interface TeamPasswordResetDialogProps {
  /** The user whose password is reset; null when the dialog is closed. */
  user: TeamUser | null;
  brandName: string | undefined;
  signInUrl: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** A new password for a back-office user, generated or typed, then shown once; it signs them out. */
export function TeamPasswordResetDialog({
  user,
  brandName,
  signInUrl,
  onClose,
  onCloseAutoFocus,
}: TeamPasswordResetDialogProps) {
  return (
    <CredentialsDialog<TeamUserCredentials>
      open={user !== null}
      title="Reset password"
      doneTitle="New password"
      description={user?.email}
      formId={FORM_ID}
      submitLabel="Reset password"
      pendingLabel="Resetting..."
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      renderCredentials={(credentials) => (
        <TeamCredentialsPanel credentials={credentials} brandName={brandName} signInUrl={signInUrl} />
      )}
    >
      {({ showCredentials, onPendingChange }) =>
        user === null ? null : (
          <ResetForm
            user={user}
            onPendingChange={onPendingChange}
            onReset={(next) => {
              toast.success(`Password reset; ${next.user.name} is signed out everywhere`);
              showCredentials(next);
            }}
          />
        )
      }
    </CredentialsDialog>
  );
}
