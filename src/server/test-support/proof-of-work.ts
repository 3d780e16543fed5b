import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { challengeOf, PROOF_OF_WORK_STATUS } from '../../shared/rules/proof-of-work.ts';

/** What a browser sends back after solving the challenge of a 428 answer: the `x-proof-of-work` header. */
export async function solveChallengeOf(response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode).toBe(PROOF_OF_WORK_STATUS);
  const challenge = challengeOf(response.json());
  if (!challenge) throw new Error('the answer carries no challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
