import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Member, MemberListQuery } from '../../../shared/contracts/members.ts';
import { type Dialect, FOLD_CASE_FUNCTION } from '../../db/database.ts';
import { containsPattern, pageOffset } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { searchDigits } from '../../lib/phone-numbers.ts';
import { MEMBER_COLUMNS, notDeleted, toMember } from './member-rows.ts';

export interface MemberPage {
  members: Member[];
  total: number;
}

/** What the member list runs on. */
export interface MemberSearchContext {
  db: Kysely<DB>;
  dialect: Dialect;
}

/** A search term matching inside the display name, case folded, or inside the mobile by its digits. */
function searchCondition(eb: ExpressionBuilder<DB, 'members'>, term: string, dialect: Dialect) {
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

/** Members not deleted, newest first, matching a search of the name or the mobile's digits. */
export async function listMembers(
  { db, dialect }: MemberSearchContext,
  { q, status, page, pageSize }: MemberListQuery,
): Promise<MemberPage> {
  let query = notDeleted(db);
  if (status) query = query.where('status', '=', status);
  if (q) query = query.where((eb) => searchCondition(eb, q, dialect));
  const [counted, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    query
      .select(MEMBER_COLUMNS)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(pageOffset({ page, pageSize }))
      .execute(),
  ]);
  return { members: rows.map(toMember), total: Number(counted.count) };
}
