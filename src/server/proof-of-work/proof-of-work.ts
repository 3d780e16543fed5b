import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Redis } from 'ioredis';
import { ProofOfWorkPayloadSchema } from '../../shared/contracts/proof-of-work.ts';
import {
  PROOF_OF_WORK_MESSAGES,
  PROOF_OF_WORK_STATUS,
  type ProofOfWorkChallenge,
} from '../../shared/rules/proof-of-work.ts';
import { HttpError } from '../lib/http-errors.ts';
import { consumePoint, createLimiter } from '../lib/rate-limits.ts';

/** A challenge is solved and sent within this time, or a new one is asked for. */
const PROOF_OF_WORK_EXPIRY_SECONDS = 10 * 60;

/** What a solution was asked for; one for the contact form is no use on the deletion page. */
export type ProofOfWorkPurpose = 'inquiry' | 'account-deletion';

export interface ProofOfWorkOptions {
  /** The server's own random key (server-secret.ts); challenges are signed with keys derived from it. */
  secret: () => Promise<string>;
  /**
   * The solution is a counter below this (PROOF_OF_WORK_MAX_COUNTER, 50,000 by default): the browser hashes
   * (SHA-256) half of it on average, well under a second on a low-end phone; checking costs one HMAC.
   */
  maxCounter: number;
  redis?: Redis;
}

function decodePayload(header: string) {
  try {
    const parsed = ProofOfWorkPayloadSchema.safeParse(JSON.parse(Buffer.from(header, 'base64').toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A self-hosted proof-of-work check (ALTCHA): no third party sees the visitor. A busy address's requests
 * must carry a solved challenge, which costs a person's browser a moment and a flood a lot of computing.
 */
export function createProofOfWork({ secret, maxCounter, redis }: ProofOfWorkOptions) {
  // Remembers each accepted solution until its challenge expires, shared by every instance through Redis.
  const used = createLimiter(
    { keyPrefix: 'proof-of-work-used', points: 1, durationSeconds: PROOF_OF_WORK_EXPIRY_SECONDS },
    redis,
  );
  const keys = async () => {
    const key = await secret();
    const derive = (use: string) => createHmac('sha256', key).update(`proof-of-work:${use}`).digest('hex');
    return { challenge: derive('challenge'), solution: derive('solution') };
  };

  async function newChallenge(purpose: ProofOfWorkPurpose): Promise<ProofOfWorkChallenge> {
    const { challenge, solution } = await keys();
    const created = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(maxCounter),
      deriveKey,
      data: { purpose },
      expiresAt: Math.floor(Date.now() / 1000) + PROOF_OF_WORK_EXPIRY_SECONDS,
      hmacSignatureSecret: challenge,
      hmacKeySignatureSecret: solution,
    });
    return { parameters: created.parameters, signature: created.signature ?? '' };
  }

  /** True for a valid solution of an unexpired challenge for this purpose, seen here for the first time. */
  async function accepts(header: string, purpose: ProofOfWorkPurpose): Promise<boolean> {
    const payload = decodePayload(header);
    if (!payload || payload.challenge.parameters.data?.purpose !== purpose) return false;
    const { challenge, solution } = await keys();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: challenge,
      hmacKeySignatureSecret: solution,
    }).catch(() => ({ verified: false }));
    // Consumed atomically in the store: of two requests replaying one solution, one goes through.
    return result.verified && (await consumePoint(used, payload.challenge.signature)) === 0;
  }

  return {
    /**
     * Lets the request through when it carries an unused solution; otherwise throws 428 with a new challenge
     * (a forged, replayed or expired solution gets a new one too, with a message that says so).
     */
    async require(header: string | undefined, purpose: ProofOfWorkPurpose): Promise<void> {
      if (header && (await accepts(header, purpose))) return;
      const message = header ? PROOF_OF_WORK_MESSAGES.refused : PROOF_OF_WORK_MESSAGES.required;
      throw new HttpError(PROOF_OF_WORK_STATUS, message, {
        headers: { 'cache-control': 'no-store' },
        details: { challenge: await newChallenge(purpose) },
      });
    },
  };
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>;
