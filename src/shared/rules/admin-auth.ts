/** Admin sign-in's limits and texts without zod (the contracts are in contracts/admin-auth.ts). */

export const ADMIN_PASSWORD_MIN_LENGTH = 10;

// An attacker could learn which emails have accounts if this message differed for an unknown one.
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export const ACCOUNT_DISABLED_MESSAGE =
  'This account is disabled. Ask an administrator of this site to enable it.';

/**
 * A sensitive change (the team, tokens, webhooks, sign-in settings, backups) needs the password or a second
 * factor given within this long in the same session, as GitHub's "sudo mode" does (decision 049).
 */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

export const REAUTHENTICATION_MESSAGES = {
  required: `Confirm it is you: enter your password to continue. It is asked again after ${REAUTHENTICATION_WINDOW_MINUTES} minutes.`,
  confirmed: `Confirmed for ${REAUTHENTICATION_WINDOW_MINUTES} minutes`,
  wrongPassword: 'The password is incorrect',
  passwordOrCode: 'Enter your password or an authenticator code',
} as const;
