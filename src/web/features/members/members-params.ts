import {
  MEMBER_LIMITS,
  MEMBER_PAGE_SIZE,
  MEMBER_STATUSES,
  type MemberStatus,
} from '../../../shared/rules/members.ts';
import {
  isOneOf,
  type ListParams,
  type ListQuery,
  type ListRules,
  listQueryString,
  parseListParams,
  toListQuery,
} from '../../lib/list-params.ts';

/** What the member list asks the server for: the search, the status filter and the page. */
export type MembersQuery = ListQuery<MemberStatus>;

/** The screen's state in the address; `open` is the member whose page (the detail dialog) is open. */
export type MembersParams = ListParams<MemberStatus>;

const MEMBERS_RULES: ListRules<MemberStatus> = {
  statuses: MEMBER_STATUSES,
  searchMaxLength: MEMBER_LIMITS.search,
  pageSize: MEMBER_PAGE_SIZE,
};

export function isMemberStatus(value: unknown): value is MemberStatus {
  return isOneOf(MEMBER_STATUSES, value);
}

export const parseMembersParams = (params: URLSearchParams): MembersParams =>
  parseListParams(params, MEMBERS_RULES);
export const toMembersQuery = (params: MembersParams): MembersQuery => toListQuery(params, MEMBERS_RULES);
export const membersQueryString = (query: Partial<MembersQuery>): string =>
  listQueryString(query, MEMBERS_RULES);
