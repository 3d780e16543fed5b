import { describe, expect, it } from 'vitest';
import { teamInvitationWhatsAppLink, teamPasswordWhatsAppLink } from './team-messages.ts';

const textOf = (link: string) => {
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe('https://wa.me/');
  return url.searchParams.get('text');
};

describe('the WhatsApp messages for a new back-office user', () => {
  it('pass a password on with the email and where to sign in, to a chat the administrator picks', () => {
    const link = teamPasswordWhatsAppLink({
      brandName: 'Apna',
      email: 'asha@example.com',
      password: 'p&ss word#1',
      signInUrl: 'https://support.example.in/admin/login',
    });
    expect(textOf(link)).toBe(
      'Your Apna back office account\nSign in at: https://support.example.in/admin/login\nEmail: asha@example.com\nPassword: p&ss word#1\nPlease keep it private.',
    );
  });

  it('pass an invitation link on with how long it works', () => {
    const invitationUrl = 'https://support.example.in/admin/invitation#abc_DEF-123';
    const text = textOf(teamInvitationWhatsAppLink({ brandName: 'Apna', invitationUrl, validHours: 48 }));
    expect(text).toContain('Apna back office');
    expect(text).toContain('48 hours');
    expect(text?.endsWith(`\n${invitationUrl}`)).toBe(true);
  });
});
