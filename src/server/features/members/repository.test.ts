import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/time.ts';
import {
  createTestClock,
  databaseForEachTest,
  TEST_DIALECTS,
  type TestClock,
} from '../../test-support/test-app.ts';
import { DuplicateMobileError } from './member-changes.ts';
import { createMemberRepository, type MemberRepository } from './repository.ts';

const ADMIN = { id: 'admin-1', email: 'owner@example.com' };
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA';

describe.each(TEST_DIALECTS)('member repository (%s)', (dialect) => {
  const database = databaseForEachTest(dialect);
  let clock: TestClock;
  let members: MemberRepository;
  beforeEach(async () => {
    clock = createTestClock(Date.UTC(2025, 2, 1, 10, 0, 0));
    members = createMemberRepository(database.db, dialect, { clock });
  });

  /** Creates members one minute apart, so the last is the newest. */
  const create = async (mobile: string, displayName: string | null = null) => {
    clock.advance(60_000);
    return members.create({ mobile, displayName, passwordHash: HASH }, ADMIN);
  };
  const storedRow = (id: string) =>
    database.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  const auditRows = (id: string) =>
    database.db.selectFrom('memberAuditLog').selectAll().where('memberId', '=', id).execute();

  it('creates a member with its audit entry and finds it', async () => {
    const member = await create('+919876543210', 'Asha');
    expect(member).toMatchObject({
      mobile: '+919876543210',
      mobileDisplay: '+91 98765 43210',
      displayName: 'Asha',
      status: 'active',
    });
    expect(await members.findById(member._id)).toEqual(member);
    expect(await members.findCredentials('+919876543210')).toEqual({ id: member._id, passwordHash: HASH });
    expect(await members.auditLog(member._id)).toEqual([
      {
        _id: expect.any(String),
        action: 'created',
        adminEmail: ADMIN.email,
        changes: { mobile: { from: null, to: '+919876543210' }, displayName: { from: null, to: 'Asha' } },
        at: member.createdAt,
      },
    ]);
  });

  it('refuses a second member with the same mobile, also when two creates race', async () => {
    await create('+919876543210');
    await expect(create('+919876543210')).rejects.toBeInstanceOf(DuplicateMobileError);
    const results = await Promise.allSettled([create('+919123456789'), create('+919123456789')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DuplicateMobileError);
  });

  it('writes an audit entry only for what really changed', async () => {
    const { _id: id } = await create('+919876543210', 'Asha');
    clock.advance(1000);
    const renamed = await members.update(id, { displayName: 'Asha Verma', status: 'active' }, ADMIN);
    expect(renamed).toMatchObject({ displayName: 'Asha Verma', status: 'active' });
    expect(renamed!.updatedAt).not.toBe(renamed!.createdAt);
    await members.update(id, { displayName: 'Asha Verma' }, ADMIN);
    await members.update(id, { status: 'disabled' }, ADMIN);
    await members.update(id, { status: 'disabled' }, ADMIN);
    await members.update(id, { status: 'active', displayName: null }, ADMIN);
    const log = await members.auditLog(id);
    expect(log.map((entry) => [entry.action, entry.changes])).toEqual([
      ['enabled', { status: { from: 'disabled', to: 'active' } }],
      ['renamed', { displayName: { from: 'Asha Verma', to: null } }],
      ['disabled', { status: { from: 'active', to: 'disabled' } }],
      ['renamed', { displayName: { from: 'Asha', to: 'Asha Verma' } }],
      ['created', expect.any(Object)],
    ]);
  });

  it('resets a password hash with an audit entry that holds no password', async () => {
    const { _id: id } = await create('+919876543210');
    await members.setPasswordHash(id, '$argon2id$new', ADMIN);
    expect((await members.findCredentials('+919876543210'))?.passwordHash).toBe('$argon2id$new');
    expect((await members.auditLog(id))[0]).toMatchObject({ action: 'password_reset', changes: null });
  });

  it('turns a deleted member into a tombstone of mobile and dates, and frees the mobile', async () => {
    const { _id: id } = await create('+919876543210', 'Asha');
    await members.update(id, { displayName: 'Asha Verma', status: 'disabled' }, ADMIN);
    clock.advance(DAY_MS);
    expect(await members.delete(id, null)).toBe(true);

    expect(await storedRow(id)).toMatchObject({
      mobile: '+919876543210',
      passwordHash: null,
      displayName: null,
    });
    expect(await members.findById(id)).toBeUndefined();
    expect(await members.findCredentials('+919876543210')).toBeUndefined();
    expect(await members.mobileTaken('+919876543210')).toBe(false);
    // The name is gone from the audit log too; what the admins did stays until the purge.
    const log = await members.auditLog(id);
    expect(log.map((entry) => entry.action)).toEqual(['self_deleted', 'disabled', 'renamed', 'created']);
    expect(log[0]).toMatchObject({ adminEmail: null, changes: null });
    expect(JSON.stringify(log)).not.toMatch(/Asha/);
    expect(JSON.stringify(await auditRows(id))).not.toMatch(/Asha/);

    expect(await members.delete(id, ADMIN)).toBe(false);
    expect(await members.update(id, { displayName: 'Back' }, ADMIN)).toBeUndefined();
    expect(await members.setPasswordHash(id, HASH, ADMIN)).toBeUndefined();

    const again = await create('+919876543210', 'Asha again');
    expect(again._id).not.toBe(id);
    expect(await members.findCredentials('+919876543210')).toEqual({ id: again._id, passwordHash: HASH });
  });

  it('lists members not deleted, newest first, searched, filtered and paged', async () => {
    const asha = await create('+919876543210', 'Asha Verma');
    const ravi = await create('+919123456789', 'Ravi Kumar');
    const none = await create('+447400123456');
    const zoe = await create('+14155552671', 'Zoë 100%_Sharma');
    const gone = await create('+919876500000', 'Asha Gone');
    await members.update(ravi._id, { status: 'disabled' }, ADMIN);
    await members.delete(gone._id, ADMIN);

    const ids = async (query: {
      q?: string;
      status?: 'active' | 'disabled';
      page?: number;
      pageSize?: number;
    }) => {
      const { members: found, total } = await members.list({ page: 1, pageSize: 20, ...query });
      return { ids: found.map((member) => member._id), total };
    };
    expect(await ids({})).toEqual({ ids: [zoe._id, none._id, ravi._id, asha._id], total: 4 });
    expect(await ids({ status: 'disabled' })).toEqual({ ids: [ravi._id], total: 1 });
    expect(await ids({ status: 'active' })).toEqual({ ids: [zoe._id, none._id, asha._id], total: 3 });
    expect(await ids({ pageSize: 3, page: 2 })).toEqual({ ids: [asha._id], total: 4 });
    expect(await ids({ pageSize: 3, page: 5 })).toEqual({ ids: [], total: 4 });

    expect((await ids({ q: 'asha' })).ids).toEqual([asha._id]);
    expect((await ids({ q: 'KUMAR' })).ids).toEqual([ravi._id]);
    expect((await ids({ q: 'kumar', status: 'active' })).ids).toEqual([]);
    expect((await ids({ q: 'zoë' })).ids).toEqual([zoe._id]);
    expect((await ids({ q: 'ZOË' })).ids).toEqual([zoe._id]);
    // LIKE's wildcards are taken literally.
    expect((await ids({ q: '100%_' })).ids).toEqual([zoe._id]);
    expect((await ids({ q: '%' })).ids).toEqual([zoe._id]);
    expect((await ids({ q: '_' })).ids).toEqual([zoe._id]);
    // Mobiles by their digits, however they are typed.
    expect((await ids({ q: '98765 43210' })).ids).toEqual([asha._id]);
    expect((await ids({ q: '+91 98765' })).ids).toEqual([asha._id]);
    expect((await ids({ q: '098765-43210' })).ids).toEqual([asha._id]);
    expect((await ids({ q: '+91' })).ids).toEqual([ravi._id, asha._id]);
    expect((await ids({ q: '7400' })).ids).toEqual([none._id]);
    expect((await ids({ q: '+44 7400' })).ids).toEqual([none._id]);
    expect((await ids({ q: 'nobody' })).total).toBe(0);
  });

  it('purges members deleted before the cutoff and their audit entries, nothing else', async () => {
    const kept = await create('+919876543210', 'Kept');
    const old = await create('+919123456789', 'Old');
    const recent = await create('+447400123456', 'Recent');
    expect(await members.oldestDeletion()).toBeNull();
    await members.delete(old._id, ADMIN);
    const oldDeletedAt = new Date(clock()).toISOString();
    clock.advance(2 * DAY_MS);
    await members.delete(recent._id, null);
    expect(await members.oldestDeletion()).toBe(oldDeletedAt);

    expect(await members.purgeDeletedBefore(oldDeletedAt)).toBe(0);
    expect(await members.purgeDeletedBefore(new Date(clock() - DAY_MS).toISOString())).toBe(1);
    expect(await storedRow(old._id)).toBeUndefined();
    expect(await auditRows(old._id)).toEqual([]);
    expect(await storedRow(recent._id)).toBeDefined();
    expect(await auditRows(recent._id)).toHaveLength(2);
    expect(await members.findById(kept._id)).toEqual(kept);
    expect(await auditRows(kept._id)).toHaveLength(1);
    expect(await members.oldestDeletion()).not.toBe(oldDeletedAt);
  });
});
