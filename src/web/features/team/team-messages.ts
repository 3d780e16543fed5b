/**
 * The WhatsApp messages that pass a new back-office user their way in. Staff numbers are not stored, so
 * the link opens WhatsApp's chooser (`wa.me/?text=`) and the administrator picks the person.
 */

function whatsAppShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The new (or reset) password with where to sign in. */
export function teamPasswordWhatsAppLink({
  brandName,
  email,
  password,
  signInUrl,
}: {
  brandName: string;
  email: string;
  password: string;
  signInUrl: string;
}): string {
  return whatsAppShareLink(
    `Your ${brandName} back office account\nSign in at: ${signInUrl}\nEmail: ${email}\nPassword: ${password}\nPlease keep it private.`,
  );
}

/** The one-time link with which the person sets their own password. */
export function teamInvitationWhatsAppLink({
  brandName,
  invitationUrl,
  validHours,
}: {
  brandName: string;
  invitationUrl: string;
  validHours: number;
}): string {
  return whatsAppShareLink(
    `You are invited to the ${brandName} back office. Set your password with this link (it works once, for ${validHours} hours):\n${invitationUrl}`,
  );
}
