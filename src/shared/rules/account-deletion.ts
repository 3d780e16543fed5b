import { PASSWORD_MAX_LENGTH } from './fields.ts';
import { MOBILE_MAX_LENGTH } from './mobile-numbers.ts';

/**
 * Texts and limits of account deletion without zod, so the public page can use them without a
 * schema library.
 */
export const ACCOUNT_DELETION_LIMITS = {
  mobile: MOBILE_MAX_LENGTH,
  password: PASSWORD_MAX_LENGTH,
} as const;

/** How long the deletion record is kept for legal compliance before the daily purge erases it. */
export const DELETION_RETENTION_DAYS = 30;

export const ACCOUNT_DELETION_MESSAGES = {
  missingFields: 'Please fill in all fields',
  failed: 'Failed to delete account',
  network: 'Network error. Please try again.',
  deleted: 'Account deleted successfully!',
  deleting: 'Deleting...',
  invalidCredentials: 'The mobile number or password is incorrect',
  /** The server ends it with the wait: "Too many attempts. Please try again in 12 minutes." */
  tooManyAttempts: 'Too many attempts. Please try again',
} as const;
