/**
 * The proof-of-work check a form goes through when many requests come from one address (decision 027),
 * without zod: the public pages read it.
 *
 * The route answers PROOF_OF_WORK_STATUS with a challenge; the browser solves it and sends the same request
 * again with the solution in PROOF_OF_WORK_HEADER. Each solution is accepted once, before it expires.
 */
export const PROOF_OF_WORK_STATUS = 428;
export const PROOF_OF_WORK_HEADER = 'x-proof-of-work';

export const PROOF_OF_WORK_MESSAGES = {
  required:
    'Many requests come from your connection right now. Please let your browser confirm that you are a person, then send again.',
  refused:
    'That confirmation was not accepted (it had expired or was already used). Please let your browser confirm that you are a person again.',
} as const;

/** The challenge as a 428 answer carries it: what the solver needs, signed by the server. */
export interface ProofOfWorkChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature: string;
}

/** The challenge of a 428 answer's body, or undefined when the answer carries none. */
export function challengeOf(body: unknown): ProofOfWorkChallenge | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { challenge } = body as { challenge?: unknown };
  if (typeof challenge !== 'object' || challenge === null) return undefined;
  const { parameters, signature } = challenge as Record<string, unknown>;
  return typeof parameters === 'object' && parameters !== null && typeof signature === 'string'
    ? (challenge as ProofOfWorkChallenge)
    : undefined;
}
