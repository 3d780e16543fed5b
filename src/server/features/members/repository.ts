import type { Kysely, Transaction } from 'kysely';
import type { Member, MemberAuditEntry } from '../../../shared/contracts/members.ts';
import type { MemberAuditAction } from '../../../shared/rules/members.ts';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import {
  createMember,
  deleteMember,
  type MemberChanges,
  setMemberPasswordHash,
  updateMember,
} from './member-changes.ts';
import { MEMBER_COLUMNS, notDeleted, toMember } from './member-rows.ts';
import { listMembers } from './member-search.ts';

/**
 * The members' repository: the lookups, the audit log and the purge of deleted members here, the list
 * (`member-search.ts`) and the changes with their audit entries (`member-changes.ts`) composed from
 * their modules on the same database and options.
 */
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
  const context = { db, dialect, clock, onDeleted };
  return {
    async findById(id: string, trx: Executor = db): Promise<Member | undefined> {
      const row = await notDeleted(trx).select(MEMBER_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toMember(row);
    },

    list: listMembers.bind(undefined, context),

    async mobileTaken(mobile: string): Promise<boolean> {
      const row = await notDeleted(db).select('id').where('mobile', '=', mobile).executeTakeFirst();
      return row !== undefined;
    },

    /** What a password check needs: the member not deleted with this mobile, disabled ones included. */
    async findCredentials(mobile: string): Promise<{ id: string; passwordHash: string | null } | undefined> {
      return notDeleted(db).select(['id', 'passwordHash']).where('mobile', '=', mobile).executeTakeFirst();
    },

    create: createMember.bind(undefined, context),
    update: updateMember.bind(undefined, context),
    setPasswordHash: setMemberPasswordHash.bind(undefined, context),
    delete: deleteMember.bind(undefined, context),

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
