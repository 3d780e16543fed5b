/**
 * Two-factor sign-in (TOTP, RFC 6238) for back-office users: its limits, texts and the one rule of who must
 * set it up, without zod (contracts/two-factor.ts holds the schemas).
 */
import type { Role } from './roles.ts';

/** Recovery codes given at enrolment and at each renewal; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes are written in groups of four, e.g. `k7mq-2xpw-9dnf`; these characters cannot be misread. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 12;

/** How a typed recovery code is compared: without spaces and hyphens, in lower case. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[ -]/g, '').toLowerCase();
}

/** A recovery code as shown: groups of four characters joined by hyphens. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes, e.g. k7mq-2xpw-9dnf';
export const WRONG_TOTP_CODE_MESSAGE =
  'That code is not right. Enter the newest code your authenticator app shows; each code works once.';
export const WRONG_RECOVERY_CODE_MESSAGE = 'That recovery code is not right, or it was used already.';
/** A sign-in's second step after its five minutes, or after the password or the second factor changed. */
export const TWO_FACTOR_SIGN_IN_EXPIRED_MESSAGE =
  'Your sign-in has expired. Enter your email and password again.';
/** What a route outside one's own account answers to an administrator who must enrol first. */
export const TWO_FACTOR_SETUP_REQUIRED_MESSAGE = 'Set up two-factor sign-in first';

/**
 * Whether this user must set up two-factor sign-in before using anything but their own account: when the
 * site requires it of administrators, an administrator who has not. The setting is asked for only when it
 * matters (`requiredForAdministrators` may read a database).
 */
export async function mustSetUpTwoFactor(
  admin: { role: Role; twoFactorEnabled: boolean },
  requiredForAdministrators: () => Promise<boolean>,
): Promise<boolean> {
  return admin.role === 'administrator' && !admin.twoFactorEnabled && (await requiredForAdministrators());
}
