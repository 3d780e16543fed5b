import type { TeamMemberCredentials } from '../../../shared/contracts/team.ts';
import { INVITATION_VALID_HOURS } from '../../../shared/rules/team.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { PasswordShownOnce, ShownOncePanel } from '../../ui/shown-once-panel.tsx';
import { teamInvitationWhatsAppLink, teamPasswordWhatsAppLink } from './team-messages.ts';

export interface TeamCredentialsPanelProps {
  credentials: TeamMemberCredentials;
  /** For the WhatsApp message; without it the WhatsApp link waits. */
  brandName: string | undefined;
  /** Where the back office is signed in to, for the message with a password. */
  signInUrl: string;
}

/** A user's new password, or their invitation link, shown once. */
export function TeamCredentialsPanel({ credentials, brandName, signInUrl }: TeamCredentialsPanelProps) {
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
          value: invitationUrl,
          copyLabel: 'Copy link',
          copiedMessage: 'Invitation link copied to the clipboard.',
          selectedMessage: 'The link is selected: copy it with Ctrl+C (or Copy on a phone).',
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
