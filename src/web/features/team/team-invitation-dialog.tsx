import type { FormEvent } from 'react';
import type { TeamMember, TeamMemberCredentials } from '../../../shared/contracts/team.ts';
import { INVITATION_VALID_HOURS } from '../../../shared/rules/team.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { requestCredentials } from '../../ui/credentials-dialog.tsx';
import { useNewInvitation } from './api.ts';
import { TeamCredentialsDialog, type TeamUserDialogProps } from './team-credentials.tsx';

const FORM_ID = 'team-invitation-form';

interface InvitationFormProps {
  user: TeamMember;
  onMade: (credentials: TeamMemberCredentials) => void;
  onPendingChange: (pending: boolean) => void;
}

function InvitationForm({ user, onMade, onPendingChange }: InvitationFormProps) {
  const invitation = useNewInvitation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void requestCredentials(invitation, user._id, {
      onPendingChange,
      onAnswer: onMade,
      // Said in the dialog, beside the button (below).
      onRefused: () => undefined,
    });
  };
  return (
    <form id={FORM_ID} onSubmit={onSubmit} className="space-y-3 text-sm text-slate-700">
      <p>
        A new link lets {user.name} set their password; it works once, for {INVITATION_VALID_HOURS} hours. Any
        earlier link stops working.
      </p>
      {invitation.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(invitation.error, 'Failed to make a new invitation link')}
        </p>
      )}
    </form>
  );
}

/** A new invitation link for someone who has not set a password yet, shown once. */
export function TeamInvitationDialog({ user, ...target }: TeamUserDialogProps) {
  return (
    <TeamCredentialsDialog
      {...target}
      open={user !== null}
      title="New invitation link"
      doneTitle="New invitation link"
      description={user?.email}
      formId={FORM_ID}
      submitLabel="Make a new link"
      pendingLabel="Making..."
    >
      {({ showCredentials, onPendingChange }) =>
        user === null ? null : (
          <InvitationForm user={user} onPendingChange={onPendingChange} onMade={showCredentials} />
        )
      }
    </TeamCredentialsDialog>
  );
}
