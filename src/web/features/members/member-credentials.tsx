import type { MemberCredentials } from '../../../shared/contracts/members.ts';
import { memberWhatsAppLink } from '../../../shared/rules/members.ts';
import { PasswordShownOnce } from '../../ui/shown-once-panel.tsx';

export interface MemberCredentialsPanelProps {
  credentials: MemberCredentials;
  /** For the WhatsApp message ("Your {brand} ID"); without it the WhatsApp link waits. */
  brandName: string | undefined;
}

/** The member's ID with the plain password, shown once. */
export function MemberCredentialsPanel({ credentials, brandName }: MemberCredentialsPanelProps) {
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
