import type { Redis } from 'ioredis';
import { type Attempt, beginAttempt, countEvent, createLimiters } from '../../lib/rate-limits.ts';
import type { ProofOfWork } from '../../proof-of-work/proof-of-work.ts';

/** Failures per mobile in the window, from any address: guessing one member's password (decision 013). */
export const DELETION_FAILURES_PER_MOBILE = 5;
export const DELETION_FAILURES_WINDOW_SECONDS = 15 * 60;
/** A backstop per address (decision 027): many members may share one carrier address. */
export const DELETION_FAILURES_PER_ADDRESS_PER_HOUR = 100;
/** Past this many unsuccessful attempts from one address in the window, each needs a proof of work. */
export const DELETION_CHALLENGE_AFTER_FAILURES = 5;

const HOUR_SECONDS = 60 * 60;

/**
 * Counts deletion attempts before their password is checked (see beginAttempt). Failures on one mobile lock
 * that mobile only; failures on other mobiles from one address make the address busy (a proof of work per
 * attempt) and, past the backstop, stop it; a member with the right password on their own mobile goes on.
 */
export function createDeletionThrottle({ proofOfWork, redis }: { proofOfWork: ProofOfWork; redis?: Redis }) {
  const { perMobile, recentPerAddress, perAddress } = createLimiters(
    {
      perMobile: {
        keyPrefix: 'delete-account-mobile',
        points: DELETION_FAILURES_PER_MOBILE,
        durationSeconds: DELETION_FAILURES_WINDOW_SECONDS,
      },
      recentPerAddress: {
        keyPrefix: 'delete-account-ip-recent',
        points: DELETION_CHALLENGE_AFTER_FAILURES,
        durationSeconds: DELETION_FAILURES_WINDOW_SECONDS,
      },
      perAddress: {
        keyPrefix: 'delete-account-ip-hour',
        points: DELETION_FAILURES_PER_ADDRESS_PER_HOUR,
        durationSeconds: HOUR_SECONDS,
      },
    },
    redis,
  );

  return {
    /** Throws 428 with a challenge when the address is busy and the request carries no fresh solution. */
    async begin(mobileKey: string, ip: string, solution: string | undefined): Promise<Attempt> {
      if ((await countEvent(recentPerAddress, ip)) > DELETION_CHALLENGE_AFTER_FAILURES) {
        await proofOfWork.require(solution, 'account-deletion');
      }
      const attempt = await beginAttempt([
        { limiter: perMobile, key: mobileKey, onSuccess: 'forget' },
        { limiter: perAddress, key: ip, onSuccess: 'refund' },
      ]);
      return {
        ...attempt,
        async succeeded() {
          await Promise.all([attempt.succeeded(), recentPerAddress.reward(ip, 1)]);
        },
      };
    },
  };
}

export type DeletionThrottle = ReturnType<typeof createDeletionThrottle>;
