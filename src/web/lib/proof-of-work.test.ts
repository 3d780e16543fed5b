import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { describe, expect, it, vi } from 'vitest';
import type { ProofOfWorkChallenge } from '../../shared/rules/proof-of-work.ts';
import { sendWithProofOfWork } from './proof-of-work.ts';

type Outcome = { status: number; challenge?: ProofOfWorkChallenge };

async function challenge(): Promise<ProofOfWorkChallenge> {
  const created = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 500,
    deriveKey,
    hmacSignatureSecret: 'test key',
    hmacKeySignatureSecret: 'test key 2',
  });
  return { parameters: created.parameters, signature: created.signature ?? '' };
}

describe('sendWithProofOfWork', () => {
  it('sends once when no challenge comes back', async () => {
    const send = vi.fn(async (): Promise<Outcome> => ({ status: 201 }));
    const onChecking = vi.fn();
    expect(await sendWithProofOfWork(send, (outcome) => outcome.challenge, onChecking)).toEqual({
      status: 201,
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(onChecking).not.toHaveBeenCalled();
  });

  it('solves a challenge, says it is checking, and sends again with the solution', async () => {
    const asked = await challenge();
    const proofs: (string | undefined)[] = [];
    const onChecking = vi.fn();
    const outcome = await sendWithProofOfWork(
      async (proof): Promise<Outcome> => {
        proofs.push(proof);
        return proof ? { status: 201 } : { status: 428, challenge: asked };
      },
      (answer) => answer.challenge,
      onChecking,
    );
    expect(outcome).toEqual({ status: 201 });
    expect(onChecking).toHaveBeenCalledTimes(1);
    expect(proofs[0]).toBeUndefined();
    expect(JSON.parse(atob(proofs[1]!))).toEqual({
      challenge: asked,
      solution: expect.objectContaining({ counter: 500, derivedKey: expect.stringMatching(/^[0-9a-f]+$/) }),
    });
  });

  it('gives up after two challenges and returns the last answer', async () => {
    const asked = await challenge();
    const send = vi.fn(async (): Promise<Outcome> => ({ status: 428, challenge: asked }));
    const outcome = await sendWithProofOfWork(
      send,
      (answer) => answer.challenge,
      () => undefined,
    );
    expect(outcome.status).toBe(428);
    expect(send).toHaveBeenCalledTimes(3);
  });
});
