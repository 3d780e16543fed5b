/**
 * Texts, limits and calling codes of account deletion without zod, so the public page can use them without a
 * schema library.
 */
export const ACCOUNT_DELETION_LIMITS = { mobile: 32, password: 200 } as const;
/** Calling codes offered next to a mobile typed without `+`; India first, the default. */
export const DEFAULT_COUNTRY_CODE = '+91';
export const COUNTRY_CODES = [
  '+91',
  '+971',
  '+966',
  '+974',
  '+965',
  '+968',
  '+973',
  '+44',
  '+1',
  '+65',
  '+60',
  '+61',
  '+977',
  '+880',
  '+94',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** How long the deletion record is kept for legal compliance before the daily purge erases it. */
export const DELETION_RETENTION_DAYS = 30;

export const ACCOUNT_DELETION_MESSAGES = {
  missingFields: 'Please fill in all fields',
  failed: 'Failed to delete account',
  network: 'Network error. Please try again.',
  deleted: 'Account deleted successfully!',
  deleting: 'Deleting...',
  invalidCredentials: 'The mobile number or password is incorrect',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;
