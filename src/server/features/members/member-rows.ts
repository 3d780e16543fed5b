import type { Selectable } from 'kysely';
import type { Member } from '../../../shared/contracts/members.ts';
import type { MemberStatus } from '../../../shared/rules/members.ts';
import type { Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import { formatPhone } from '../../lib/phone-numbers.ts';

/** The columns a member is read with. */
export const MEMBER_COLUMNS = ['id', 'mobile', 'displayName', 'status', 'createdAt', 'updatedAt'] as const;
export type MemberRow = Pick<Selectable<DB['members']>, (typeof MEMBER_COLUMNS)[number]>;

/** A member as the API gives it, from its row read with MEMBER_COLUMNS. */
export function toMember(row: MemberRow): Member {
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

/** The members not deleted (a deleted member stays as a tombstone until it is purged). */
export const notDeleted = (trx: Executor) => trx.selectFrom('members').where('members.deletedAt', 'is', null);
