import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules/fields.ts';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_LENGTH,
  RECOVERY_CODE_MESSAGE,
  TOTP_CODE_MESSAGE,
} from '../rules/two-factor.ts';

/**
 * Two-factor sign-in (TOTP, RFC 6238) for back-office users. One's own second factor (area `account`):
 * - `GET    /api/admin/two-factor`                        -> TwoFactorStatusResponse
 * - `POST   /api/admin/two-factor/setup`                  -> TwoFactorSetupResponse (a new secret, not on yet)
 * - `POST   /api/admin/two-factor/enable` {code}          -> RecoveryCodesResponse (shown once)
 * - `POST   /api/admin/two-factor/disable` {password}     -> {success, message}
 * - `POST   /api/admin/two-factor/recovery-codes` {code}  -> RecoveryCodesResponse (the old ones end)
 * Signing in: `POST /api/admin/login` answers {success, twoFactorRequired: true} for a user with the factor
 * on, and `POST /api/admin/login/two-factor` {code} or {recoveryCode} completes it (contracts/admin-auth.ts).
 * An administrator resets another user's: `DELETE /api/admin/users/:id/two-factor` (area `administration`).
 */

// Authenticator apps show the code as "123 456": spaces are taken, nothing else.
const MAX_TYPED_CODE_LENGTH = 20;

/** The six digits an authenticator app shows. */
export const TotpCodeSchema = z
  .string(TOTP_CODE_MESSAGE)
  .max(MAX_TYPED_CODE_LENGTH, TOTP_CODE_MESSAGE)
  .transform((code) => code.replace(/ /g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** A recovery code as typed: any case, with or without its hyphens. */
const RecoveryCodeSchema = z
  .string(RECOVERY_CODE_MESSAGE)
  .max(MAX_TYPED_CODE_LENGTH * 2, RECOVERY_CODE_MESSAGE)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(new RegExp(`^[a-z0-9]{${RECOVERY_CODE_LENGTH}}$`), RECOVERY_CODE_MESSAGE));

/** A sign-in's second step: the authenticator's code, or one recovery code. */
export const TwoFactorSignInSchema = z
  .object({ code: TotpCodeSchema.optional(), recoveryCode: RecoveryCodeSchema.optional() })
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    path: ['code'],
    message: 'Enter the code from your authenticator app, or one recovery code',
  });
export type TwoFactorSignInInput = z.input<typeof TwoFactorSignInSchema>;

/** Proves the authenticator app has the secret: to turn the factor on, or to get new recovery codes. */
export const TwoFactorCodeSchema = z.object({ code: TotpCodeSchema });
export type TwoFactorCodeInput = z.input<typeof TwoFactorCodeSchema>;

export const TwoFactorDisableSchema = z.object({
  // Checked, never stored: any text is taken, like the sign-in's password.
  password: z.string('Enter your password').min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type TwoFactorDisableInput = z.input<typeof TwoFactorDisableSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes. */
  recoveryCodesLeft: z.number().int(),
  /** The site requires it of this user (an administrator, with the setting on). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export const TwoFactorStatusResponseSchema = z.object({ twoFactor: TwoFactorStatusSchema });

export const TwoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponseSchema>;

export const RecoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Shown once: the server keeps only their hashes. */
  recoveryCodes: z.array(z.string()),
});
