import type { MemberCredentials } from '../../../shared/contracts/members.ts';
import { memberWhatsAppLink } from '../../../shared/rules/members.ts';
import { CredentialsDialog, type CredentialsDialogProps } from '../../ui/credentials-dialog.tsx';
import { PasswordShownOnce } from '../../ui/shown-once-panel.tsx';

interface MemberCredentialsPanelProps extends Pick<MemberCredentialsTarget, 'brandName'> {
  credentials: MemberCredentials;
}

/** The member's ID with the plain password, shown once. */
function MemberCredentialsPanel({ credentials, brandName }: MemberCredentialsPanelProps) {
  const { member, password } = credentials;
  return (
    <PasswordShownOnce
      password={password}
      recipient="the member"
      facts={[{ label: 'Mobile', value: member.mobileDisplay }]}
      whatsAppHref={brandName ? memberWhatsAppLink(member, brandName, password) : undefined}
    />
  );
}

/** What the Members screen gives a dialog that ends with a member's ID and password shown once. */
export interface MemberCredentialsTarget {
  /** For the WhatsApp message ("Your {brand} ID"); without it the WhatsApp link waits. */
  brandName: string | undefined;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

type MemberCredentialsDialogProps = MemberCredentialsTarget &
  Omit<CredentialsDialogProps<MemberCredentials>, 'renderCredentials' | 'onClose' | 'onCloseAutoFocus'>;

/** A form that gives a member a password (a new account, a reset), then their ID and password, shown once. */
export function MemberCredentialsDialog({ brandName, ...dialog }: MemberCredentialsDialogProps) {
  return (
    <CredentialsDialog<MemberCredentials>
      {...dialog}
      renderCredentials={(credentials) => (
        <MemberCredentialsPanel credentials={credentials} brandName={brandName} />
      )}
    />
  );
}
