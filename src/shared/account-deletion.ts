// zod/mini: used by the public /delete-account page, which must stay within the page budget.
import * as z from 'zod/mini';

/**
 * `DELETE /api/auth/delete-account` {mobile, password, countryCode?} -> {success, message}.
 * The page sends the mobile as typed plus the chosen country code; a mobile typed with `+` ignores
 * the code. A wrong mobile and a wrong password get the same 401 `invalidCredentials` message; the
 * sixth failure in 15 minutes per mobile or per IP gets 429 with `Retry-After`.
 */
export const ACCOUNT_DELETION_LIMITS = { mobile: 32, password: 200 } as const;
/** How long the deletion record is kept for legal compliance before the daily purge erases it. */
export const DELETION_RETENTION_DAYS = 30;

export const AccountDeletionSchema = z.object({
  mobile: z
    .string('Please fill in all fields')
    .check(
      z.trim(),
      z.minLength(1, 'Please fill in all fields'),
      z.maxLength(ACCOUNT_DELETION_LIMITS.mobile),
    ),
  password: z
    .string('Please fill in all fields')
    .check(z.minLength(1, 'Please fill in all fields'), z.maxLength(ACCOUNT_DELETION_LIMITS.password)),
  countryCode: z.optional(z.string().check(z.regex(/^\+[1-9]\d{0,3}$/, 'Choose a country code'))),
});
export type AccountDeletionInput = z.input<typeof AccountDeletionSchema>;

export const ACCOUNT_DELETION_MESSAGES = {
  missingFields: 'Please fill in all fields',
  failed: 'Failed to delete account',
  network: 'Network error. Please try again.',
  deleted: 'Account deleted successfully!',
  deleting: 'Deleting...',
  invalidCredentials: 'The mobile number or password is incorrect',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;
