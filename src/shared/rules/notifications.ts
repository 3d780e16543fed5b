/** Notification preferences' limits and words, without zod (the API's schemas are in contracts/notifications.ts). */

export const DIGEST_UNREAD_HOURS_MIN = 1;
export const DIGEST_UNREAD_HOURS_MAX = 72;

/** What Settings and My Profile say while SMTP_URL is unset. */
export const EMAIL_OFF_MESSAGE =
  'Email notifications are off. Set SMTP_URL (e.g. smtp://user:pass@mail.example.com:587) and MAIL_FROM ' +
  "in the server's environment and restart it.";

/** An hour of the day as the digest's choice shows it: `09:00`. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
