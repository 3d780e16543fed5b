import type { ProofOfWorkChallenge } from '../../shared/rules/proof-of-work.ts';

/** A form solves at most this many challenges per send: a second one only when the first had expired. */
const MAX_CHALLENGES_PER_SEND = 2;

/**
 * Solves a challenge in this browser (Web Crypto, nothing sent anywhere else) and returns the value of the
 * `x-proof-of-work` header, or null when it could not be solved. The solver is fetched only now: visitors
 * whose connection is not busy never download it.
 */
async function solve(challenge: ProofOfWorkChallenge): Promise<string | null> {
  try {
    const [{ solveChallenge }, { deriveKey }] = await Promise.all([
      import('altcha-lib'),
      import('altcha-lib/algorithms/web/sha'),
    ]);
    const solution = await solveChallenge({ challenge, deriveKey });
    return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
  } catch {
    return null;
  }
}

/**
 * Sends a request; while its outcome carries a proof-of-work challenge (the server's 428), tells the form it
 * is checking, solves the challenge and sends the same request again with the solution. Returns the last
 * outcome: the form shows it as it would any other.
 */
export async function sendWithProofOfWork<T>(
  send: (proof: string | undefined) => Promise<T>,
  challengeIn: (outcome: T) => ProofOfWorkChallenge | undefined,
  onChecking: () => void,
): Promise<T> {
  let outcome = await send(undefined);
  for (let round = 0; round < MAX_CHALLENGES_PER_SEND; round++) {
    const challenge = challengeIn(outcome);
    if (!challenge) return outcome;
    onChecking();
    const proof = await solve(challenge);
    if (!proof) return outcome;
    outcome = await send(proof);
  }
  return outcome;
}
