import { z } from 'zod';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../rules/admin-auth.ts';
import { TEAM_LIMITS, TEAM_USER_STATUSES } from '../rules/team.ts';
import { RoleSchema } from './admin-auth.ts';
import { idParamsSchema } from './api.ts';
import { EmailSchema, newPasswordChecks, requiredTextChecks, withoutControlCharacters } from './fields.ts';
import { emptyAsUndefined } from './paging.ts';

/**
 * The back office's team: staff accounts (not members, who are customers), managed by administrators.
 *
 * - `GET    /api/admin/users`                       -> TeamMemberListResponse
 * - `POST   /api/admin/users` TeamMemberCreateInput    -> 201 TeamMemberCreatedResponse
 *     with `password` (or none): the password is that one, or generated and shown once;
 *     with `invite: true`: no password; a one-time link valid 48 hours is shown once instead.
 * - `PATCH  /api/admin/users/:id` TeamMemberUpdateInput -> TeamMemberResponse (name, role, disabled)
 * - `DELETE /api/admin/users/:id`                    -> {success, message}
 * - `POST   /api/admin/users/:id/password`           -> TeamMemberCredentialsResponse (a sign-in link: the
 *     password stops working and every session of that user ends; no password is ever answered)
 * - `POST   /api/admin/users/:id/invitation`         -> TeamMemberCredentialsResponse (a new link; old ones end)
 *
 * The invitation link `/admin/invitation#<token>` is opened by the invited person, without a session:
 * - `POST   /api/admin/invitation/check` {token}     -> InvitationInfoResponse, or 404 (unknown or expired)
 * - `POST   /api/admin/invitation/accept` {token, password} -> {success, message}; the link then ends
 *
 * The last active administrator can never be deleted, disabled or demoted (400 with a message).
 */

const NameSchema = z.string('Name is required').check(...requiredTextChecks('Name', TEAM_LIMITS.name));
const TeamPasswordSchema = z
  .string('Password is required')
  .check(...newPasswordChecks(ADMIN_PASSWORD_MIN_LENGTH));

export const TeamMemberCreateSchema = z.object({
  email: EmailSchema,
  name: NameSchema,
  role: RoleSchema,
  /** Omitted or empty: generated (or, with `invite`, none until the person sets one). */
  password: z.preprocess(emptyAsUndefined, TeamPasswordSchema.optional()),
  /** Send a one-time link instead of a password. */
  invite: z.boolean().optional(),
});
export type TeamMemberCreateInput = z.input<typeof TeamMemberCreateSchema>;

export const TeamMemberUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    role: RoleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((input) => input.name !== undefined || input.role !== undefined || input.disabled !== undefined, {
    message: 'Nothing to change',
  });
export type TeamMemberUpdateInput = z.input<typeof TeamMemberUpdateSchema>;

export const TeamMemberIdParamsSchema = idParamsSchema('user');

export const TeamMemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  /** `invited`: created with a link not yet used (no password yet). */
  status: z.enum(TEAM_USER_STATUSES),
  /** Whether two-factor sign-in is on for this user. */
  twoFactor: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamMemberListResponseSchema = z.object({ users: z.array(TeamMemberSchema) });
export type TeamMemberListResponse = z.infer<typeof TeamMemberListResponseSchema>;

export const TeamMemberResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: TeamMemberSchema,
});

/**
 * The only answers that carry a password or an invitation link: shown once to the administrator, to pass
 * on (copy, WhatsApp). Exactly one of `password` and `invitationUrl` is set.
 */
export const TeamMemberCredentialsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    user: TeamMemberSchema,
    password: z.string().nullable(),
    invitationUrl: z.string().nullable(),
    /** When the invitation link stops working. */
    invitationExpiresAt: z.string().nullable(),
  }),
});
export type TeamMemberCredentials = z.infer<typeof TeamMemberCredentialsResponseSchema>['data'];

const InvitationTokenSchema = z
  .string('Invitation link is incomplete')
  .check(withoutControlCharacters('Invitation link'))
  .min(1, 'Invitation link is incomplete')
  .max(100, 'Invitation link is not valid');

export const InvitationCheckSchema = z.object({ token: InvitationTokenSchema });
export const InvitationInfoResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof InvitationInfoResponseSchema>;

export const InvitationAcceptSchema = z.object({
  token: InvitationTokenSchema,
  password: TeamPasswordSchema,
});
export type InvitationAcceptInput = z.input<typeof InvitationAcceptSchema>;
