import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Member, MemberAuditEntry, MemberListQuery } from '../../../shared/contracts/members.ts';
import type { MemberAuditAction, MemberStatus } from '../../../shared/rules/members.ts';
import { type Dialect, FOLD_CASE_FUNCTION } from '../../db/database.ts';
import {
  containsPattern,
  type Executor,
  isUniqueViolation,
  pageOffset,
} from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso, toIso } from '../../db/values.ts';
import { formatPhone, searchDigits } from '../../lib/phone-numbers.ts';

/** Another member already has this mobile (found by the unique index: two creates raced). */
export class DuplicateMobileError extends Error {
  constructor() {
    super('duplicate member mobile');
  }
}

/** Who acted on a member: an admin, or null for the member themself (self-deletion). */
export type MemberActor = { id: string; email: string } | null;

export type MemberChanges = Record<string, { from: string | null; to: string | null }>;

export interface MemberPage {
  members: Member[];
  total: number;
}

const COLUMNS = ['id', 'mobile', 'displayName', 'status', 'createdAt', 'updatedAt'] as const;
type MemberRow = Pick<Selectable<DB['members']>, (typeof COLUMNS)[number]>;

function toMember(row: MemberRow): Member {
  return {
    _id: row.id,
    mobile: row.mobile,
    mobileDisplay: formatPhone(row.mobile),
    displayName: row.displayName,
    status: row.status as MemberStatus,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export function createMemberRepository(
  db: Kysely<DB>,
  dialect: Dialect,
  {
    clock = Date.now,
    onDeleted,
  }: {
    clock?: () => number;
    /** Told of each deleted member in the deletion's transaction (member.deleted webhooks). */
    onDeleted?: (trx: Transaction<DB>, memberId: string) => Promise<void>;
  } = {},
) {
  const notDeleted = (trx: Executor) => trx.selectFrom('members').where('members.deletedAt', 'is', null);

  const findById = async (id: string, trx: Executor = db): Promise<Member | undefined> => {
    const row = await notDeleted(trx).select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toMember(row);
  };

  /** The member not deleted with this id, locked until the transaction ends on PostgreSQL. */
  const lockForChange = (trx: Transaction<DB>, id: string) =>
    notDeleted(trx)
      .select(COLUMNS)
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

  function searchCondition(eb: ExpressionBuilder<DB, 'members'>, term: string) {
    const conditions = [];
    const pattern = containsPattern(term);
    if (dialect === 'postgres') {
      conditions.push(sql<boolean>`${sql.ref('displayName')} ilike ${pattern}`);
    } else if (/^[\x20-\x7e]*$/.test(term)) {
      // ASCII only: SQLite's LIKE folds ASCII letters, which is all this term needs.
      conditions.push(sql<boolean>`${sql.ref('displayName')} like ${pattern} escape '\\'`);
    } else {
      conditions.push(
        sql<boolean>`instr(${sql.raw(FOLD_CASE_FUNCTION)}(${sql.ref('displayName')}), ${term.toLowerCase()}) > 0`,
      );
    }
    const digits = searchDigits(term);
    if (digits) conditions.push(sql<boolean>`${sql.ref('mobile')} like ${`%${digits}%`}`);
    return eb.or(conditions);
  }

  return {
    findById,

    /** Members not deleted, newest first, matching a search of the name or the mobile's digits. */
    async list({ q, status, page, pageSize }: MemberListQuery): Promise<MemberPage> {
      let query = notDeleted(db);
      if (status) query = query.where('status', '=', status);
      if (q) query = query.where((eb) => searchCondition(eb, q));
      const [counted, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
        query
          .select(COLUMNS)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset(pageOffset({ page, pageSize }))
          .execute(),
      ]);
      return { members: rows.map(toMember), total: Number(counted.count) };
    },

    async mobileTaken(mobile: string): Promise<boolean> {
      const row = await notDeleted(db).select('id').where('mobile', '=', mobile).executeTakeFirst();
      return row !== undefined;
    },

    /** What a password check needs: the member not deleted with this mobile, disabled ones included. */
    async findCredentials(mobile: string): Promise<{ id: string; passwordHash: string | null } | undefined> {
      return notDeleted(db).select(['id', 'passwordHash']).where('mobile', '=', mobile).executeTakeFirst();
    },

    async create(
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
    },

    /**
     * Renames and/or enables or disables a member, one audit entry per field that really changed.
     * Undefined when there is no such member (or it is deleted).
     */
    update(
      id: string,
      changes: { displayName?: string | null | undefined; status?: MemberStatus | undefined },
      actor: MemberActor,
    ): Promise<Member | undefined> {
      return db.transaction().execute(async (trx) => {
        const current = await lockForChange(trx, id);
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
    },

    /** Replaces the password hash; undefined when there is no such member (or it is deleted). */
    setPasswordHash(id: string, passwordHash: string, actor: MemberActor): Promise<Member | undefined> {
      return db.transaction().execute(async (trx) => {
        const current = await lockForChange(trx, id);
        if (!current) return undefined;
        const now = nowIso(clock);
        await trx.updateTable('members').set({ passwordHash, updatedAt: now }).where('id', '=', id).execute();
        // The audit says that the password changed, never what it is.
        await addAudit(trx, id, 'password_reset', actor, null, now);
        return toMember({ ...current, updatedAt: now });
      });
    },

    /**
     * Deletes a member (by an admin, or by the member when `actor` is null): the row becomes a tombstone
     * holding the mobile and the dates only, the name is taken out of its audit entries too, and the
     * mobile is free at once. False when there is no such member (or it is already deleted).
     */
    delete(id: string, actor: MemberActor): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const current = await lockForChange(trx, id);
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
    },

    /** A member's audit log, newest first. */
    async auditLog(memberId: string): Promise<MemberAuditEntry[]> {
      const rows = await db
        .selectFrom('memberAuditLog')
        .select(['id', 'action', 'adminEmail', 'changes', 'createdAt'])
        .where('memberId', '=', memberId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        action: row.action as MemberAuditAction,
        adminEmail: row.adminEmail,
        changes: row.changes === null ? null : (JSON.parse(row.changes) as MemberChanges),
        at: toIso(row.createdAt),
      }));
    },

    /** When the member deleted longest ago was deleted, or null when no deleted member is kept. */
    async oldestDeletion(): Promise<string | null> {
      const row = await db
        .selectFrom('members')
        .select((eb) => eb.fn.min('deletedAt').as('oldest'))
        .where('deletedAt', 'is not', null)
        .executeTakeFirst();
      return row?.oldest ? toIso(row.oldest) : null;
    },

    /** Erases for good the members deleted before `cutoff` and their audit entries; returns how many. */
    purgeDeletedBefore(cutoff: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const expired = trx
          .selectFrom('members')
          .select('id')
          .where('deletedAt', 'is not', null)
          .where('deletedAt', '<', cutoff);
        await trx.deleteFrom('memberAuditLog').where('memberId', 'in', expired).execute();
        const result = await trx
          .deleteFrom('members')
          .where('deletedAt', 'is not', null)
          .where('deletedAt', '<', cutoff)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
