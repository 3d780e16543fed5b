import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { INVITATION_VALID_HOURS } from '../../../shared/rules/team.ts';
import { type Attempt, beginAttempt, createLimiter } from '../../lib/rate-limits.ts';
import type { NewInvitation } from './team-passwords.ts';

/** Where the invited person sets their password; the token follows `#`, so it never reaches a server log. */
export const INVITATION_PATH = '/admin/invitation';

/** The link's token carries 256 random bits; the database keeps only their SHA-256. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new invitation: the token for the link (shown once) and what is stored of it. */
export function newInvitation(now: number): NewInvitation & { token: string } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(now + INVITATION_VALID_HOURS * 60 * 60 * 1000).toISOString(),
  };
}

/**
 * Unknown tokens tried from one address in an hour. A token cannot be guessed (256 bits), so this only stops
 * a script hammering the endpoints; a person with a valid link never counts, and a few mistyped or stale
 * links stay far below it even behind a carrier's shared address.
 */
export const INVITATION_FAILURES_PER_ADDRESS_PER_HOUR = 30;

/** Counts invitation checks and accepts per address before the token is looked up (see beginAttempt). */
export function createInvitationThrottle(redis?: Redis) {
  const perAddress = createLimiter(
    {
      keyPrefix: 'invitation-ip',
      points: INVITATION_FAILURES_PER_ADDRESS_PER_HOUR,
      durationSeconds: 60 * 60,
    },
    redis,
  );
  return {
    begin(ip: string): Promise<Attempt> {
      return beginAttempt([{ limiter: perAddress, key: ip, onSuccess: 'refund' }]);
    },
  };
}

export type InvitationThrottle = ReturnType<typeof createInvitationThrottle>;
