import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../shared/time.ts';
import { createTestClock } from '../../test-support/test-app.ts';
import type { SessionRecord, SessionRepository } from './session-repository.ts';
import { createSessionService } from './sessions.ts';

/** The repository's part that sessions use, in memory, counting the writes made on the hot path. */
function memorySessions() {
  const rows = new Map<string, SessionRecord>();
  let touches = 0;
  const repository = {
    async create({
      id,
      adminId,
      now,
      expiresAt,
    }: {
      id: string;
      adminId: string;
      now: string;
      expiresAt: string;
    }) {
      rows.set(id, {
        id,
        adminId,
        email: 'owner@example.com',
        name: 'Owner',
        role: 'administrator',
        disabled: false,
        twoFactorEnabled: false,
        lastSeenAt: now,
        expiresAt,
        reauthenticatedAt: now,
      });
    },
    async find(id: string) {
      return rows.get(id);
    },
    async touch(id: string, now: string) {
      touches++;
      const row = rows.get(id);
      if (row) rows.set(id, { ...row, lastSeenAt: now });
    },
    async delete(id: string) {
      rows.delete(id);
    },
    async deleteAllButNewest(adminId: string, keep: number) {
      const ofAdmin = [...rows.values()].filter((row) => row.adminId === adminId);
      for (const row of ofAdmin.slice(0, Math.max(0, ofAdmin.length - keep))) rows.delete(row.id);
    },
  } as unknown as SessionRepository;
  return { repository, touches: () => touches };
}

describe('session idle timeout', () => {
  it('keeps a session alive for the whole idle time after every request, whatever the gaps', () => {
    return fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2, 30, 120),
        fc.array(fc.integer({ min: 1, max: 3 * MINUTE_MS }), { minLength: 1, maxLength: 40 }),
        async (idleMinutes, gaps) => {
          const idleMs = idleMinutes * MINUTE_MS;
          const clock = createTestClock(0);
          const store = memorySessions();
          const sessions = createSessionService(
            store.repository,
            { idleMs, absoluteMs: 1000 * idleMs },
            clock,
          );
          const token = await sessions.start('admin-1');
          for (const gap of gaps.map((g) => (g * idleMinutes) % (idleMs + idleMs / 30))) {
            clock.advance(gap);
            const admin = await sessions.resolve(token);
            if (gap < idleMs) expect(admin, `gap ${gap} ms of ${idleMs}`).not.toBeNull();
            // Silence of the idle time plus at most a sixtieth of it (the refresh interval) always ends it.
            if (gap >= idleMs + idleMs / 60) expect(admin, `gap ${gap} ms of ${idleMs}`).toBeNull();
            if (!admin) return;
          }
        },
      ),
    );
  });

  it('writes the last-seen time at most once a minute, or a sixtieth of a short idle time', async () => {
    const clock = createTestClock(0);
    const store = memorySessions();
    const sessions = createSessionService(
      store.repository,
      { idleMs: 30 * MINUTE_MS, absoluteMs: 12 * 60 * MINUTE_MS },
      clock,
    );
    const token = await sessions.start('admin-1');
    for (let second = 0; second < 10 * 60; second++) {
      clock.advance(1000);
      expect(await sessions.resolve(token)).not.toBeNull();
    }
    // Thirty minutes of idle time: one write every 30 s over ten minutes of a request per second.
    expect(store.touches()).toBeLessThanOrEqual(20);
  });
});
