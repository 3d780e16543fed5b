import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETION_RETENTION_DAYS } from '../../../shared/rules/account-deletion.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { buildApp } from '../../app.ts';
import {
  asAdmin,
  createMember,
  signInNewAdmin,
  TEST_DIALECTS,
  TEST_MEMBER,
  TEST_ORIGIN,
  testAppForEachTest,
} from '../../test-support/test-app.ts';
import { createMemberPurge } from './purge.ts';

describe('member purge schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 2, 1) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (oldestDeletion: () => Promise<string | null> = async () => null) => {
    const members = {
      purgeDeletedBefore: vi.fn(async (_cutoff: string) => 0),
      oldestDeletion: vi.fn(oldestDeletion),
    };
    const log = { info: vi.fn(), warn: vi.fn() };
    const purge = createMemberPurge({ members, clock: Date.now, log });
    return { members, log, purge };
  };

  it('runs at start, then every day, erasing what was deleted more than 30 days ago', async () => {
    const { members, purge } = setup();
    await purge.start();
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(1);
    expect(members.purgeDeletedBefore).toHaveBeenLastCalledWith(
      new Date(Date.now() - DELETION_RETENTION_DAYS * DAY_MS).toISOString(),
    );
    await vi.advanceTimersByTimeAsync(DAY_MS - 1);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(3);
    await purge.stop();
    await vi.advanceTimersByTimeAsync(3 * DAY_MS);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(3);
  });

  it('runs again when the oldest kept deletion reaches 30 days, if that comes before the next day', async () => {
    const deletedAt = Date.now() - (DELETION_RETENTION_DAYS * DAY_MS - 5 * 60 * 60 * 1000);
    let oldest: string | null = new Date(deletedAt).toISOString();
    const { members, purge } = setup(async () => oldest);
    members.purgeDeletedBefore.mockImplementation(async (cutoff) => {
      if (oldest && oldest < cutoff) {
        oldest = null;
        return 1;
      }
      return 0;
    });
    await purge.start();
    await vi.advanceTimersByTimeAsync(5 * 60 * 60 * 1000);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(2);
    expect(oldest).toBeNull();
    // Nothing left to wait for: back to once a day.
    await vi.advanceTimersByTimeAsync(DAY_MS - 1);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(3);
    await purge.stop();
  });

  it('logs a failure and tries again the next day', async () => {
    const { members, log, purge } = setup();
    members.purgeDeletedBefore.mockRejectedValueOnce(new Error('database is down'));
    await purge.start();
    expect(log.warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(members.purgeDeletedBefore).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    await purge.stop();
  });
});

describe.each(TEST_DIALECTS)('member purge (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);

  /** A restart on the same database: the purge runs as the app starts. */
  const restart = async () => {
    const app = await buildApp(t.config, { database: t.database, clock: t.clock, logger: false });
    await app.ready();
    await app.close();
  };
  const memberRows = () => t.database.db.selectFrom('members').selectAll().orderBy('mobile').execute();
  const auditRows = (memberId: string) =>
    t.database.db.selectFrom('memberAuditLog').selectAll().where('memberId', '=', memberId).execute();

  it('keeps deleted members for 30 days, then erases them and their audit entries, nothing else', async () => {
    const cookie = await signInNewAdmin(t);
    const kept = await createMember(t.database, { mobile: '+447400123456', displayName: 'Kept' }, t.clock);
    const selfDeleted = await createMember(t.database, { displayName: 'Asha' }, t.clock);
    const adminDeleted = await createMember(
      t.database,
      { mobile: '+919123456789', displayName: 'Ravi' },
      t.clock,
    );
    const self = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/delete-account',
      headers: { origin: TEST_ORIGIN },
      payload: { mobile: TEST_MEMBER.mobile, password: TEST_MEMBER.password },
    });
    expect(self.statusCode).toBe(200);
    const byAdmin = await t.app.inject(
      asAdmin(cookie, { method: 'DELETE', url: `/api/members/${adminDeleted}` }),
    );
    expect(byAdmin.statusCode).toBe(200);
    // The same mobile, registered again at once, is a member of its own and is kept.
    const again = await createMember(t.database, { displayName: 'Asha again' }, t.clock);

    t.clock.advance(29 * DAY_MS);
    await restart();
    expect((await memberRows()).map((row) => row.id).sort()).toEqual(
      [kept, selfDeleted, adminDeleted, again].sort(),
    );
    expect(await auditRows(selfDeleted)).toHaveLength(2);

    t.clock.advance(2 * DAY_MS);
    await restart();
    const rows = await memberRows();
    expect(rows.map((row) => row.id).sort()).toEqual([kept, again].sort());
    expect(await auditRows(selfDeleted)).toEqual([]);
    expect(await auditRows(adminDeleted)).toEqual([]);
    const everything = JSON.stringify(await t.database.db.selectFrom('memberAuditLog').selectAll().execute());
    expect(everything).not.toContain(selfDeleted);
    expect(everything).not.toContain(adminDeleted);
    expect(everything).not.toContain('Ravi');
    expect(everything).not.toContain('+919123456789');
    // The other members are untouched.
    expect(rows.find((row) => row.id === kept)).toMatchObject({ displayName: 'Kept', deletedAt: null });
    expect(await auditRows(kept)).toHaveLength(1);
    expect(await auditRows(again)).toHaveLength(1);
  });
});
