import type { Kysely, Transaction } from 'kysely';
import type { Member } from '../../../shared/contracts/members.ts';
import type { MemberAuditAction, MemberStatus } from '../../../shared/rules/members.ts';
import type { Dialect } from '../../db/database.ts';
import { type Executor, isUniqueViolation } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso } from '../../db/values.ts';
import { MEMBER_COLUMNS, notDeleted, toMember } from './member-rows.ts';

/*
 * The changes made to a member: creating, renaming, enabling or disabling, a new password and deletion.
 * Each runs in one transaction with its entries in the member's audit log.
 */

/** Another member already has this mobile (found by the unique index: two creates raced). */
export class DuplicateMobileError extends Error {
  constructor() {
    super('duplicate member mobile');
  }
}

/** Who acted on a member: an admin, or null for the member themself (self-deletion). */
export type MemberActor = { id: string; email: string } | null;

export type MemberChanges = Record<string, { from: string | null; to: string | null }>;

/** What the changes run on. */
export interface MemberChangeContext {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: () => number;
  /** Told of each deleted member in the deletion's transaction (member.deleted webhooks). */
  onDeleted?: ((trx: Transaction<DB>, memberId: string) => Promise<void>) | undefined;
}

/** The member not deleted with this id, locked until the transaction ends on PostgreSQL. */
const lockForChange = (dialect: Dialect, trx: Transaction<DB>, id: string) =>
  notDeleted(trx)
    .select(MEMBER_COLUMNS)
    .where('id', '=', id)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();

const addAudit = (
  trx: Executor,
  memberId: string,
  action: MemberAuditAction,
  actor: MemberActor,
  changes: MemberChanges | null,
  at: string,
) =>
  trx
    .insertInto('memberAuditLog')
    .values({
      id: newId(),
      memberId,
      action,
      adminId: actor?.id ?? null,
      adminEmail: actor?.email ?? null,
      changes: changes ? JSON.stringify(changes) : null,
      createdAt: at,
    })
    .execute();

/** Creates an active member; DuplicateMobileError when another member has the mobile. */
export async function createMember(
  { db, clock }: MemberChangeContext,
  input: { mobile: string; displayName: string | null; passwordHash: string },
  actor: MemberActor,
): Promise<Member> {
  const now = nowIso(clock);
  const row = {
    id: newId(),
    mobile: input.mobile,
    displayName: input.displayName,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('members')
        .values({ ...row, passwordHash: input.passwordHash })
        .execute();
      await addAudit(
        trx,
        row.id,
        'created',
        actor,
        {
          mobile: { from: null, to: input.mobile },
          ...(input.displayName ? { displayName: { from: null, to: input.displayName } } : {}),
        },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateMobileError();
    throw error;
  }
  return toMember(row);
}

/**
 * Renames and/or enables or disables a member, one audit entry per field that really changed.
 * Undefined when there is no such member (or it is deleted).
 */
export function updateMember(
  { db, dialect, clock }: MemberChangeContext,
  id: string,
  changes: { displayName?: string | null | undefined; status?: MemberStatus | undefined },
  actor: MemberActor,
): Promise<Member | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await lockForChange(dialect, trx, id);
    if (!current) return undefined;
    const renamed = changes.displayName !== undefined && changes.displayName !== current.displayName;
    const restatused = changes.status !== undefined && changes.status !== current.status;
    if (!renamed && !restatused) return toMember(current);

    const now = nowIso(clock);
    const next = {
      ...current,
      ...(renamed ? { displayName: changes.displayName ?? null } : {}),
      ...(restatused ? { status: changes.status! } : {}),
      updatedAt: now,
    };
    await trx
      .updateTable('members')
      .set({ displayName: next.displayName, status: next.status, updatedAt: now })
      .where('id', '=', id)
      .execute();
    if (renamed) {
      await addAudit(
        trx,
        id,
        'renamed',
        actor,
        { displayName: { from: current.displayName, to: next.displayName } },
        now,
      );
    }
    if (restatused) {
      await addAudit(
        trx,
        id,
        next.status === 'disabled' ? 'disabled' : 'enabled',
        actor,
        { status: { from: current.status, to: next.status } },
        now,
      );
    }
    return toMember(next);
  });
}

/** Replaces the password hash; undefined when there is no such member (or it is deleted). */
export function setMemberPasswordHash(
  { db, dialect, clock }: MemberChangeContext,
  id: string,
  passwordHash: string,
  actor: MemberActor,
): Promise<Member | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await lockForChange(dialect, trx, id);
    if (!current) return undefined;
    const now = nowIso(clock);
    await trx.updateTable('members').set({ passwordHash, updatedAt: now }).where('id', '=', id).execute();
    // The audit says that the password changed, never what it is.
    await addAudit(trx, id, 'password_reset', actor, null, now);
    return toMember({ ...current, updatedAt: now });
  });
}

/**
 * Deletes a member (by an admin, or by the member when `actor` is null): the row becomes a tombstone
 * holding the mobile and the dates only, the name is taken out of its audit entries too, and the
 * mobile is free at once. False when there is no such member (or it is already deleted).
 */
export function deleteMember(
  { db, dialect, clock, onDeleted }: MemberChangeContext,
  id: string,
  actor: MemberActor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await lockForChange(dialect, trx, id);
    if (!current) return false;
    const now = nowIso(clock);
    await trx
      .updateTable('members')
      .set({ passwordHash: null, displayName: null, status: 'disabled', updatedAt: now, deletedAt: now })
      .where('id', '=', id)
      .execute();
    const named = await trx
      .selectFrom('memberAuditLog')
      .select(['id', 'changes'])
      .where('memberId', '=', id)
      .where('changes', 'like', '%"displayName"%')
      .execute();
    for (const entry of named) {
      const { displayName: _, ...rest } = JSON.parse(entry.changes!) as MemberChanges;
      await trx
        .updateTable('memberAuditLog')
        .set({ changes: Object.keys(rest).length > 0 ? JSON.stringify(rest) : null })
        .where('id', '=', entry.id)
        .execute();
    }
    await addAudit(trx, id, actor ? 'deleted' : 'self_deleted', actor, null, now);
    await onDeleted?.(trx, id);
    return true;
  });
}
