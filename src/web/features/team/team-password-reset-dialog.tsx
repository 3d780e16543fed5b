import type { FormEvent } from 'react';
import { toast } from 'sonner';
import type { TeamMember, TeamMemberCredentials } from '../../../shared/contracts/team.ts';
import { INVITATION_VALID_HOURS } from '../../../shared/rules/team.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { requestCredentials } from '../../ui/credentials-dialog.tsx';
import { useResetTeamPassword } from './api.ts';
import { TeamCredentialsDialog, type TeamUserDialogProps } from './team-credentials.tsx';

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

/** Resets a back-office user's password: it stops working, they are signed out, and a link shown once replaces it. */
export function TeamPasswordResetDialog({ user, ...target }: TeamUserDialogProps) {
  return (
    <TeamCredentialsDialog
      {...target}
      open={user !== null}
      title="Reset password"
      doneTitle="Sign-in link"
      description={user?.email}
      formId={FORM_ID}
      submitLabel="Reset password"
      pendingLabel="Resetting..."
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
    </TeamCredentialsDialog>
  );
}
