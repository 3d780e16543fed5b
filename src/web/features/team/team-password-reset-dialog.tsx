import type { FormEvent } from 'react';
import { toast } from 'sonner';
import type { TeamMember, TeamMemberCredentials } from '../../../shared/contracts/team.ts';
import { INVITATION_VALID_HOURS } from '../../../shared/rules/team.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { CredentialsDialog, requestCredentials } from '../../ui/credentials-dialog.tsx';
import { useResetTeamPassword } from './api.ts';
import { TeamCredentialsPanel } from './team-credentials.tsx';

const FORM_ID = 'team-password-reset-form';

interface ResetFormProps {
  user: TeamMember;
  onReset: (credentials: TeamMemberCredentials) => void;
  onPendingChange: (pending: boolean) => void;
}

/** What a reset does, said before it is done; the server answers a link, never a password (decision 049). */
function ResetForm({ user, onReset, onPendingChange }: ResetFormProps) {
  const reset = useResetTeamPassword();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void requestCredentials(reset, user._id, {
      onPendingChange,
      onAnswer: onReset,
      onRefused: (error) => toast.error(errorMessage(error, 'Failed to reset the password')),
    });
  };

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-3 text-sm text-slate-700">
      <p>{user.name}'s current password stops working at once, and they are signed out everywhere.</p>
      <p>
        You get a sign-in link, shown once, to send them: with it they choose a new password themselves,
        within {INVITATION_VALID_HOURS} hours. Nobody else ever sees it.
      </p>
    </form>
  );
}

export interface TeamPasswordResetDialogProps {
  /** The user whose password is reset; null when the dialog is closed. */
  user: TeamMember | null;
  brandName: string | undefined;
  signInUrl: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Resets a back-office user's password: it stops working, they are signed out, and a link shown once replaces it. */
export function TeamPasswordResetDialog({
  user,
  brandName,
  signInUrl,
  onClose,
  onCloseAutoFocus,
}: TeamPasswordResetDialogProps) {
  return (
    <CredentialsDialog<TeamMemberCredentials>
      open={user !== null}
      title="Reset password"
      doneTitle="Sign-in link"
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
