import { z } from 'zod';
import { ERROR_CODES } from '../rules/api.ts';

/** The one error shape of every 4xx and 5xx answer. */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The refusal's stable name for clients to act on (e.g. `REAUTH_REQUIRED`), never its text (decision 058). */
  code: z.enum(ERROR_CODES),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** A success that only says what was done, e.g. after a delete. */
export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * The `:id` of a resource's routes. Ids are UUIDs (v7 when made here), so anything else names nothing: it is
 * a 400 on `errors.id` (e.g. "Invalid member id") and never reaches a query, where PostgreSQL would refuse
 * a U+0000 with an error.
 */
export function idParamsSchema(resource: string) {
  return z.object({ id: z.uuid(`Invalid ${resource} id`) });
}
