import { createHash, randomBytes } from 'node:crypto';
import { isRole } from '../../../shared/rules/roles.ts';
import type { SignedInAdmin } from '../../plugins/auth.ts';
import type { SessionRepository } from './session-repository.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

const MAX_TOUCH_INTERVAL_MS = 60_000;
/**
 * A user's sessions at once (phones, computers, browsers): a new sign-in beyond this ends the oldest, so one
 * account signed in again and again holds no unbounded rows, streams or cookies (issue 35).
 */
export const MAX_SESSIONS_PER_USER = 20;

/**
 * How stale the stored last-seen time may get. Writing it on every request would turn each read into a
 * write; a sixtieth of the idle time (at most a minute) keeps writes rare and the overrun small.
 */
function touchIntervalMs(idleMs: number): number {
  return Math.min(MAX_TOUCH_INTERVAL_MS, Math.floor(idleMs / 60));
}

/** The cookie carries 256 random bits; the database keeps only their SHA-256. */
function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSessionService(
  sessions: SessionRepository,
  policy: SessionPolicy,
  clock: () => number,
) {
  const touchInterval = touchIntervalMs(policy.idleMs);
  // A request that is not written leaves last-seen up to one interval behind it; counting the idle time
  // from last-seen plus that interval still gives every request its whole idle time, and silence ends the
  // session at most one interval late.
  const idleAllowanceMs = policy.idleMs + touchInterval;
  const hasEnded = (session: { lastSeenAt: string; expiresAt: string }, now: number) =>
    now >= Date.parse(session.expiresAt) || now - Date.parse(session.lastSeenAt) >= idleAllowanceMs;
  return {
    async start(adminId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await sessions.create({
        id: hashSessionToken(token),
        adminId,
        now: new Date(now).toISOString(),
        expiresAt: new Date(now + policy.absoluteMs).toISOString(),
      });
      await sessions.deleteAllButNewest(adminId, MAX_SESSIONS_PER_USER);
      return token;
    },

    async resolve(token: string | undefined): Promise<SignedInAdmin | null> {
      if (!token || token.length > 100) return null;
      const id = hashSessionToken(token);
      const session = await sessions.find(id);
      if (!session) return null;
      const now = clock();
      // A disabled account (or one with a role this version does not know) has no session.
      if (hasEnded(session, now) || session.disabled || !isRole(session.role)) {
        await sessions.delete(id);
        return null;
      }
      if (now - Date.parse(session.lastSeenAt) >= touchInterval)
        await sessions.touch(id, new Date(now).toISOString());
      return {
        id: session.adminId,
        email: session.email,
        name: session.name,
        role: session.role,
        twoFactorEnabled: session.twoFactorEnabled,
        sessionId: id,
        reauthenticatedAt: session.reauthenticatedAt,
      };
    },

    /**
     * Whether a session (by its stored id, `SignedInAdmin.sessionId`) is still going, without counting this
     * as use: an open event stream must not keep an unattended back office signed in.
     */
    async isLive(sessionId: string): Promise<boolean> {
      const session = await sessions.find(sessionId);
      return session !== undefined && !session.disabled && !hasEnded(session, clock());
    },

    /** Records that the user of a session (`SignedInAdmin.sessionId`) just gave a password or code again. */
    async markReauthenticated(sessionId: string): Promise<string> {
      const now = new Date(clock()).toISOString();
      await sessions.markReauthenticated(sessionId, now);
      return now;
    },

    async end(token: string | undefined): Promise<void> {
      if (token && token.length <= 100) await sessions.delete(hashSessionToken(token));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
