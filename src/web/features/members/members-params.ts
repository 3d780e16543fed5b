import {
  MEMBER_LIMITS,
  MEMBER_PAGE_SIZE,
  MEMBER_STATUSES,
  type MemberStatus,
} from '../../../shared/rules/members.ts';
import { type ListQuery, listParamsFor } from '../../lib/list-params.ts';

/** What the member list asks the server for: the search, the status filter and the page. */
export type MembersQuery = ListQuery<MemberStatus>;

/** The screen's state in the address; `open` is the member whose page (the detail dialog) is open. */
const membersParams = listParamsFor({
  statuses: MEMBER_STATUSES,
  searchMaxLength: MEMBER_LIMITS.search,
  pageSize: MEMBER_PAGE_SIZE,
});

export const isMemberStatus = membersParams.isStatus;
export const parseMembersParams = membersParams.parse;
export const toMembersQuery = membersParams.toQuery;
export const membersQueryString = membersParams.queryString;
