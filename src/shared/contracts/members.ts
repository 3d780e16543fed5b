import { z } from 'zod';
import {
  MEMBER_AUDIT_ACTIONS,
  MEMBER_LIMITS,
  MEMBER_PAGE_SIZE,
  MEMBER_PAGE_SIZE_MAX,
  MEMBER_PASSWORD_MIN_LENGTH,
  MEMBER_STATUSES,
} from '../rules/members.ts';
import { DEFAULT_COUNTRY_CODE } from '../rules/mobile-numbers.ts';
import { idParamsSchema } from './api.ts';
import { callingCode, newPasswordChecks, withoutControlCharacters } from './fields.ts';
import { emptyAsUndefined, PAGE_FIELDS, pagingQuery, searchParam } from './paging.ts';

/**
 * Member accounts: the ID (a mobile number and a password) the business gives a customer after a chat.
 * The admin API lives under `/api/members` and requires an admin session:
 *
 * - `GET    /api/members?q=&status=&page=&pageSize=` -> MemberListResponse (deleted members never listed)
 * - `POST   /api/members` MemberCreateInput          -> 201 MemberCredentialsResponse (password shown once)
 * - `GET    /api/members/:id`                        -> MemberDetailResponse (member + audit log, newest first)
 * - `PATCH  /api/members/:id` MemberUpdateInput      -> MemberResponse (display name, enable/disable)
 * - `POST   /api/members/:id/password` MemberPasswordResetInput -> MemberCredentialsResponse
 * - `DELETE /api/members/:id`                        -> {success, message}
 *
 * A mobile is typed however the admin likes (`+91 98765 43210`, `98765-43210` with `countryCode`) and the
 * server normalises it to E.164 (`+919876543210`); a number it cannot parse is a 400 on `errors.mobile`.
 */

/** What was typed; the server parses it (libphonenumber-js) and stores E.164. */
const MobileInputSchema = z
  .string('Mobile number is required')
  .trim()
  .check(withoutControlCharacters('Mobile number'))
  .min(1, 'Mobile number is required')
  .max(MEMBER_LIMITS.mobile, `Mobile number must be at most ${MEMBER_LIMITS.mobile} characters`)
  .regex(/^\+?[\d\s\-().]+$/, 'Enter a valid mobile number');

const CountryCodeSchema = z.string().check(callingCode()).default(DEFAULT_COUNTRY_CODE);

const MemberPasswordSchema = z
  .string('Password is required')
  .check(...newPasswordChecks(MEMBER_PASSWORD_MIN_LENGTH));

const DisplayNameSchema = z
  .string()
  .trim()
  .check(withoutControlCharacters('Name'))
  .max(MEMBER_LIMITS.displayName, `Name must be at most ${MEMBER_LIMITS.displayName} characters`)
  .transform((value) => (value === '' ? null : value));

export const MemberCreateSchema = z.object({
  mobile: MobileInputSchema,
  countryCode: CountryCodeSchema,
  displayName: DisplayNameSchema.nullish(),
  /** Omitted or empty: the server generates one. */
  password: z.preprocess(emptyAsUndefined, MemberPasswordSchema.optional()),
});
export type MemberCreateInput = z.input<typeof MemberCreateSchema>;

export const MemberUpdateSchema = z
  .object({
    displayName: DisplayNameSchema.nullish(),
    status: z.enum(MEMBER_STATUSES, 'Status must be active or disabled').optional(),
  })
  .refine((input) => input.displayName !== undefined || input.status !== undefined, {
    message: 'Nothing to change',
  });
export type MemberUpdateInput = z.input<typeof MemberUpdateSchema>;

export const MemberPasswordResetSchema = z.object({
  password: z.preprocess(emptyAsUndefined, MemberPasswordSchema.optional()),
});
export type MemberPasswordResetInput = z.input<typeof MemberPasswordResetSchema>;

export const MemberListQuerySchema = z.object({
  q: searchParam(MEMBER_LIMITS.search),
  status: z.preprocess(emptyAsUndefined, z.enum(MEMBER_STATUSES).optional()),
  ...pagingQuery({ pageSize: MEMBER_PAGE_SIZE, maxPageSize: MEMBER_PAGE_SIZE_MAX }),
});
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;

export const MemberIdParamsSchema = idParamsSchema('member');

export const MemberSchema = z.object({
  _id: z.string(),
  /** E.164, e.g. `+919876543210`. */
  mobile: z.string(),
  /** International format for people, e.g. `+91 98765 43210`. */
  mobileDisplay: z.string(),
  displayName: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberAuditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(MEMBER_AUDIT_ACTIONS),
  /** The admin's email, or null when the member acted (self-deletion). */
  adminEmail: z.string().nullable(),
  /** What changed, e.g. `{displayName: {from: null, to: 'Asha'}}`; never a password or its hash. */
  changes: z
    .record(z.string(), z.object({ from: z.string().nullable(), to: z.string().nullable() }))
    .nullable(),
  at: z.string(),
});
export type MemberAuditEntry = z.infer<typeof MemberAuditEntrySchema>;

export const MemberListResponseSchema = z.object({ members: z.array(MemberSchema), ...PAGE_FIELDS });
export type MemberListResponse = z.infer<typeof MemberListResponseSchema>;

export const MemberResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: MemberSchema,
});
export const MemberDetailResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ member: MemberSchema, audit: z.array(MemberAuditEntrySchema) }),
});
export type MemberDetail = z.infer<typeof MemberDetailResponseSchema>['data'];
/** The only answers that carry a password: the plain one just set, shown once to the admin. */
export const MemberCredentialsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ member: MemberSchema, password: z.string() }),
});
export type MemberCredentials = z.infer<typeof MemberCredentialsResponseSchema>['data'];
