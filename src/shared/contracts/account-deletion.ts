// zod/mini, like the contact form's schema: the public /delete-account page may check its fields with it
// without loading full zod.
import * as z from 'zod/mini';
import { ACCOUNT_DELETION_LIMITS, ACCOUNT_DELETION_MESSAGES } from '../rules/account-deletion.ts';
import { callingCode, withoutControlCharacters } from './fields.ts';

/**
 * `DELETE /api/auth/delete-account` {mobile, password, countryCode?} -> {success, message}.
 * The page sends the mobile as typed plus the chosen country code; a mobile typed with `+` ignores
 * the code. A wrong mobile and a wrong password get the same 401 `invalidCredentials` message; the
 * sixth failure in 15 minutes per mobile gets 429 with `Retry-After`; past 5 failures in 15 minutes from one
 * address each attempt needs a proof of work (428), past 100 an hour the address gets 429 (decision 027).
 */
export const AccountDeletionSchema = z.object({
  mobile: z
    .string(ACCOUNT_DELETION_MESSAGES.missingFields)
    .check(
      z.trim(),
      withoutControlCharacters('Mobile number'),
      z.minLength(1, ACCOUNT_DELETION_MESSAGES.missingFields),
      z.maxLength(ACCOUNT_DELETION_LIMITS.mobile),
    ),
  // Checked against the stored hash, never stored: any text is taken, so no member is locked out.
  password: z
    .string(ACCOUNT_DELETION_MESSAGES.missingFields)
    .check(
      z.minLength(1, ACCOUNT_DELETION_MESSAGES.missingFields),
      z.maxLength(ACCOUNT_DELETION_LIMITS.password),
    ),
  countryCode: z.optional(z.string().check(callingCode())),
});

export type AccountDeletionInput = z.infer<typeof AccountDeletionSchema>;
