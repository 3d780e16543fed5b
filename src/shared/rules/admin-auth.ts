/** Admin sign-in's limits and texts without zod (the contracts are in contracts/admin-auth.ts). */

export const ADMIN_PASSWORD_MIN_LENGTH = 10;

// An attacker could learn which emails have accounts if this message differed for an unknown one.
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export const ACCOUNT_DISABLED_MESSAGE =
  'This account is disabled. Ask an administrator of this site to enable it.';
