import { z } from 'zod';
import { ADMIN_PASSWORD_MIN_LENGTH, REAUTHENTICATION_MESSAGES } from '../rules/admin-auth.ts';
import { PASSWORD_MAX_LENGTH } from '../rules/fields.ts';
import { ROLES } from '../rules/roles.ts';
import { EmailSchema, newPasswordChecks } from './fields.ts';
import { TotpCodeSchema } from './two-factor.ts';

export const LoginSchema = z.object({
  email: EmailSchema,
  // A password to check is never stored: any text is taken, so no admin is locked out of an old one.
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginInput = z.input<typeof LoginSchema>;

const NewPasswordSchema = z.string().check(...newPasswordChecks(ADMIN_PASSWORD_MIN_LENGTH));

export const ChangePasswordSchema = z
  .object({
    // Checked, never stored: any text is taken, like the sign-in's password.
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
    newPassword: NewPasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

export const RoleSchema = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });

export const AdminSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** The server's session limits, so screens can state them as configured. */
  sessionPolicy: z.object({ idleMinutes: z.number().int(), absoluteMinutes: z.number().int() }),
  /**
   * The site requires two-factor sign-in of this user, who has not set it up: until they do, only their own
   * account (My Profile) answers; everything else is 403 (rules/two-factor.ts).
   */
  twoFactorSetupRequired: z.boolean(),
  /**
   * The password is one someone else chose (generated at the first start or by the `admin` command, or set by
   * the administrator who added the user): the back office suggests choosing their own until they do.
   */
  passwordToChange: z.boolean(),
});
export type Admin = z.infer<typeof AdminSchema>;

export const AdminResponseSchema = z.object({ success: z.literal(true), admin: AdminSchema });

/** Told at sign-in, so that an admin notices someone guessing their password. */
export const SignInSummarySchema = z.object({
  /** The previous sign-in to this account, or null for the first. */
  previousAt: z.string().nullable(),
  /** Wrong passwords tried on this account since then, from anywhere. */
  failedAttempts: z.number().int(),
});
export type SignInSummary = z.infer<typeof SignInSummarySchema>;

/** A sign-in that started a session: by password alone, or completed with a second factor. */
export const SignedInResponseSchema = AdminResponseSchema.extend({ signIn: SignInSummarySchema });
export type SignedInResponse = z.infer<typeof SignedInResponseSchema>;

/**
 * The password was right and the user has two-factor sign-in on: no session yet. A short-lived cookie holds
 * the sign-in until `POST /api/admin/login/two-factor` completes it (contracts/two-factor.ts).
 */
const TwoFactorRequiredResponseSchema = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
});

export const LoginResponseSchema = z.union([SignedInResponseSchema, TwoFactorRequiredResponseSchema]);

export const LoginInfoSchema = z.object({
  /** Only in demo mode: credentials a visitor may use to look around. */
  demoCredentials: z.object({ email: z.string(), password: z.string() }).nullable(),
});

/**
 * Confirms the signed-in user again before a sensitive change (decision 049): the password, or, with two-factor
 * sign-in on, a code of the authenticator. Checked, never stored, so any text of a sane length is taken.
 */
export const ReauthenticateSchema = z
  .object({
    password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    code: TotpCodeSchema.optional(),
  })
  .refine((input) => (input.password ? 1 : 0) + (input.code ? 1 : 0) === 1, {
    path: ['password'],
    message: REAUTHENTICATION_MESSAGES.passwordOrCode,
  });
export type ReauthenticateInput = z.input<typeof ReauthenticateSchema>;

export const ReauthenticatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Until when sensitive changes need no new confirmation. */
  validUntil: z.string(),
});
