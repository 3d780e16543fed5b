import { createHash, randomBytes } from 'node:crypto';
import type { SessionRepository } from './session-repository.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SignedInAdmin {
  id: string;
  email: string;
  sessionId: string;
}

// Writing last-seen on every request would turn each read into a write; a minute of slack is harmless
// next to a 30-minute idle timeout.
const TOUCH_INTERVAL_MS = 60_000;

/** The cookie carries 256 random bits; the database keeps only their SHA-256. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSessionService(
  sessions: SessionRepository,
  policy: SessionPolicy,
  clock: () => number,
) {
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
      return token;
    },

    async resolve(token: string | undefined): Promise<SignedInAdmin | null> {
      if (!token || token.length > 100) return null;
      const id = hashSessionToken(token);
      const session = await sessions.find(id);
      if (!session) return null;
      const now = clock();
      const lastSeen = Date.parse(session.lastSeenAt);
      if (now >= Date.parse(session.expiresAt) || now - lastSeen >= policy.idleMs) {
        await sessions.delete(id);
        return null;
      }
      if (now - lastSeen >= TOUCH_INTERVAL_MS) await sessions.touch(id, new Date(now).toISOString());
      return { id: session.adminId, email: session.email, sessionId: id };
    },

    async end(token: string | undefined): Promise<void> {
      if (token && token.length <= 100) await sessions.delete(hashSessionToken(token));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
