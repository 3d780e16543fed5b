import { z } from 'zod';
import { ApiErrorSchema } from './api.ts';

const HEX = /^[0-9a-f]*$/i;

/** A challenge as the server signs it (ALTCHA v2 parameters); checked again by its signature. */
const ChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string().max(32),
    nonce: z.string().max(128).regex(HEX),
    salt: z.string().max(128).regex(HEX),
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: z.string().min(1).max(128).regex(HEX),
    keySignature: z.string().max(256).regex(HEX).optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().max(256),
});

/**
 * 428 Precondition Required: many requests came from this address, so this one needs a solved challenge.
 * Solve `challenge` (ALTCHA v2, SHA-256) and send the same request again with the header `x-proof-of-work`:
 * base64 of the JSON `{challenge, solution: {counter, derivedKey}}`. A solution works once, for 10 minutes.
 */
export const ProofOfWorkRequiredSchema = ApiErrorSchema.extend({ challenge: ChallengeSchema }).describe(
  'A proof-of-work challenge to solve before sending again',
);

/** What the `x-proof-of-work` header carries, once decoded from base64 and JSON. */
export const ProofOfWorkPayloadSchema = z.object({
  challenge: ChallengeSchema,
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256).regex(HEX),
    time: z.number().optional(),
  }),
});

/** The request header with a solution, as the routes that may ask for one declare it. */
export const ProofOfWorkHeadersSchema = z.looseObject({
  'x-proof-of-work': z
    .string()
    .max(4096)
    .optional()
    .describe('A solved challenge of an earlier 428 answer (base64 JSON {challenge, solution})'),
});
