import type { TeamMember, TeamMemberCredentials } from '../../../shared/contracts/team.ts';
import { INVITATION_VALID_HOURS } from '../../../shared/rules/team.ts';
import { CredentialsDialog, type CredentialsDialogProps } from '../../ui/credentials-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PasswordShownOnce, ShownOncePanel } from '../../ui/shown-once-panel.tsx';
import { teamInvitationWhatsAppLink, teamPasswordWhatsAppLink } from './team-messages.ts';

interface TeamCredentialsPanelProps extends Pick<TeamCredentialsTarget, 'brandName' | 'signInUrl'> {
  credentials: TeamMemberCredentials;
}

/** A user's new password, or their invitation link, shown once. */
function TeamCredentialsPanel({ credentials, brandName, signInUrl }: TeamCredentialsPanelProps) {
  const { user, password, invitationUrl, invitationExpiresAt } = credentials;
  const facts = [
    { label: 'Name', value: user.name },
    { label: 'Email', value: <span className="break-all">{user.email}</span> },
  ];
  if (invitationUrl) {
    return (
      <ShownOncePanel
        warning={
          <>
            <strong>This link is shown only once.</strong> Copy it or send it to {user.name} now: it works
            once, for {INVITATION_VALID_HOURS} hours. You can make a new one later.
          </>
        }
        facts={facts}
        secret={{
          label: 'Invitation link',
          noun: 'link',
          value: invitationUrl,
          wide: true,
        }}
        whatsAppHref={
          brandName
            ? teamInvitationWhatsAppLink({ brandName, invitationUrl, validHours: INVITATION_VALID_HOURS })
            : undefined
        }
      >
        {invitationExpiresAt && (
          <p className="text-sm text-slate-700">
            The link works until <DateTime value={invitationExpiresAt} />.
          </p>
        )}
      </ShownOncePanel>
    );
  }
  if (password) {
    return (
      <PasswordShownOnce
        password={password}
        recipient={user.name}
        wide
        facts={facts}
        whatsAppHref={
          brandName
            ? teamPasswordWhatsAppLink({ brandName, email: user.email, password, signInUrl })
            : undefined
        }
      />
    );
  }
  // The contract sets exactly one of the two; an answer with neither has nothing to pass on.
  return <p className="text-sm text-slate-700">{user.name} can sign in with the password they chose.</p>;
}

/** What the Team screen gives a dialog that ends with a user's password or link shown once. */
export interface TeamCredentialsTarget {
  /** For the WhatsApp message; without it the WhatsApp link waits. */
  brandName: string | undefined;
  /** Where the back office is signed in to, for the message with a password. */
  signInUrl: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The dialogs about one user (a password reset, a new invitation link). */
export interface TeamUserDialogProps extends TeamCredentialsTarget {
  /** The user; null when the dialog is closed. */
  user: TeamMember | null;
}

type TeamCredentialsDialogProps = TeamCredentialsTarget &
  Omit<CredentialsDialogProps<TeamMemberCredentials>, 'renderCredentials' | 'onClose' | 'onCloseAutoFocus'>;

/** A form that gives a user a password or a link (a new user, a reset, a new invitation), then it, shown once. */
export function TeamCredentialsDialog({ brandName, signInUrl, ...dialog }: TeamCredentialsDialogProps) {
  return (
    <CredentialsDialog<TeamMemberCredentials>
      {...dialog}
      renderCredentials={(credentials) => (
        <TeamCredentialsPanel credentials={credentials} brandName={brandName} signInUrl={signInUrl} />
      )}
    />
  );
}
