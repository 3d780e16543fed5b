import type { MemberCredentials } from '../../../shared/contracts/members.ts';
import { memberWhatsAppLink } from '../../../shared/rules/members.ts';
import { ShownOncePanel } from '../../ui/shown-once-panel.tsx';

export interface MemberCredentialsPanelProps {
  credentials: MemberCredentials;
  /** For the WhatsApp message ("Your {brand} ID"); without it the WhatsApp link waits. */
  brandName: string | undefined;
}

/** The member's ID with the plain password, shown once. */
export function MemberCredentialsPanel({ credentials, brandName }: MemberCredentialsPanelProps) {
  const { member, password } = credentials;
  return (
    <ShownOncePanel
      warning={
        <>
          <strong>This password is shown only once.</strong> Copy it or send it to the member now: once you
          close this window it cannot be shown again (you can reset it later).
        </>
      }
      facts={[{ label: 'Mobile', value: member.mobileDisplay }]}
      secret={{
        label: 'Password',
        value: password,
        copyLabel: 'Copy password',
        copiedMessage: 'Password copied to the clipboard.',
        selectedMessage: 'The password is selected: copy it with Ctrl+C (or Copy on a phone).',
      }}
      whatsAppHref={brandName ? memberWhatsAppLink(member, brandName, password) : undefined}
    />
  );
}
