import { z } from 'zod';
import { API_TOKEN_ACCESS, API_TOKEN_MAX_DAYS, API_TOKEN_NAME_MAX_LENGTH } from '../rules/api-tokens.ts';
import { RoleSchema } from './admin-auth.ts';
import { idParamsSchema } from './api.ts';
import { requiredText } from './fields.ts';

/** One of the signed-in user's API tokens, as My Profile lists it (never the token itself). */
export const ApiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: RoleSchema,
  access: z.enum(API_TOKEN_ACCESS),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListResponseSchema = z.object({ tokens: z.array(ApiTokenSchema) });

export const ApiTokenCreateSchema = z.object({
  name: requiredText('Name', API_TOKEN_NAME_MAX_LENGTH),
  role: RoleSchema,
  access: z.enum(API_TOKEN_ACCESS, { error: 'Access must be read or read-write' }),
  expiresInDays: z
    .number('Expiry is required')
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(API_TOKEN_MAX_DAYS, `Expiry must be at most ${API_TOKEN_MAX_DAYS} days`),
});
export type ApiTokenCreateInput = z.input<typeof ApiTokenCreateSchema>;

/** The one answer that carries the token: shown once. */
export const ApiTokenCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string(), apiToken: ApiTokenSchema }),
});

export const ApiTokenIdParamsSchema = idParamsSchema('token');
