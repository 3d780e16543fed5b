/**
 * The time zone setting's rule, without zod (the admin's form and the server's schema share it). A file of
 * its own: the public pages load site-settings.ts and have no use for it.
 */

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list, e.g. Asia/Kolkata';

// An IANA name (Asia/Kolkata, America/Argentina/Buenos_Aires, UTC): Intl also takes offsets such as +05:30,
// which follow no daylight-saving rules and are not a place the owner would pick.
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*)*$/;

/** Whether `value` names a time zone this runtime's Intl knows. */
export function isTimeZone(value: string): boolean {
  if (!TIME_ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
