import { z } from 'zod';

/** The one error shape of every 4xx and 5xx answer. */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** A success that only says what was done, e.g. after a delete. */
export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const SuccessSchema = z.object({ success: z.literal(true), message: z.string().optional() });
