import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type Member,
  type MemberCreateInput,
  type MemberCredentials,
  MemberCredentialsResponseSchema,
  type MemberDetail,
  MemberDetailResponseSchema,
  type MemberListResponse,
  MemberListResponseSchema,
  type MemberPasswordResetInput,
  MemberResponseSchema,
  type MemberUpdateInput,
} from '../../../shared/contracts/members.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidateResource, pageQueryOptions, resourceKeys } from '../../lib/query-cache.ts';
import { type MembersQuery, membersQueryString } from './members-params.ts';

const BASE = '/api/members';

/** Everything under `all` changes when a member does: the lists and the member's own page (its log). */
const memberKeys = resourceKeys<MembersQuery>('members');

const memberPath = (id: string, action = '') => `${BASE}/${encodeURIComponent(id)}${action}`;

function fetchMembers(query: MembersQuery, signal?: AbortSignal): Promise<MemberListResponse> {
  const search = membersQueryString(query);
  return apiRequest(search ? `${BASE}?${search}` : BASE, { signal, schema: MemberListResponseSchema });
}

const memberListQueryOptions = (query: MembersQuery) =>
  pageQueryOptions(memberKeys.list(query), (signal) => fetchMembers(query, signal), 'Failed to load members');

export function useMembers(query: MembersQuery) {
  return useQuery(memberListQueryOptions(query));
}

async function fetchMember(id: string, signal?: AbortSignal): Promise<MemberDetail> {
  const { data } = await apiRequest(memberPath(id), { signal, schema: MemberDetailResponseSchema });
  return data;
}

/** One member with the audit log of what admins (and the member) did to the account, newest first. */
export function useMember(id: string | null) {
  return useQuery({
    queryKey: memberKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchMember(id ?? '', signal),
    enabled: id !== null,
    // A 404 is the answer (deleted, or a mistyped link); asking again would not change it.
    retry: false,
  });
}

function createMember(body: MemberCreateInput): Promise<MemberCredentials> {
  return apiRequest(BASE, { method: 'POST', body, schema: MemberCredentialsResponseSchema }).then(
    (response) => response.data,
  );
}

function updateMember(id: string, body: MemberUpdateInput): Promise<Member> {
  return apiRequest(memberPath(id), { method: 'PATCH', body, schema: MemberResponseSchema }).then(
    (response) => response.data,
  );
}

function resetMemberPassword(id: string, body: MemberPasswordResetInput): Promise<MemberCredentials> {
  return apiRequest(memberPath(id, '/password'), {
    method: 'POST',
    body,
    schema: MemberCredentialsResponseSchema,
  }).then((response) => response.data);
}

function deleteMember(id: string): Promise<unknown> {
  return apiRequest(memberPath(id), { method: 'DELETE', schema: MessageResponseSchema });
}

function invalidateMembers(queryClient: QueryClient, deletedId?: string) {
  return invalidateResource(queryClient, memberKeys.all, deletedId);
}

/** The server's answer, put in every cached list at once so the row and the member's page agree. */
function storeMember(queryClient: QueryClient, member: Member) {
  queryClient.setQueriesData<MemberListResponse>({ queryKey: memberKeys.lists() }, (list) =>
    list
      ? { ...list, members: list.members.map((entry) => (entry._id === member._id ? member : entry)) }
      : list,
  );
  queryClient.setQueryData<MemberDetail>(memberKeys.detail(member._id), (detail) =>
    detail ? { ...detail, member } : detail,
  );
}

/**
 * The answers of a create and a password reset carry the plain password. They are handed to the caller
 * and dropped: `gcTime: 0` removes the finished mutation (its data and its variables, which may hold a
 * typed password) from the mutation cache as soon as its component lets go of it, and only the member
 * (never the password) goes into the query cache.
 */
const FORGET_AT_ONCE = { gcTime: 0 } as const;

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: createMember,
    onSettled: () => invalidateMembers(queryClient),
  });
}

export interface MemberChange {
  id: string;
  body: MemberUpdateInput;
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: MemberChange) => updateMember(id, body),
    onSuccess: (member) => storeMember(queryClient, member),
    onSettled: () => invalidateMembers(queryClient),
  });
}

export interface MemberPasswordReset {
  id: string;
  body: MemberPasswordResetInput;
}

export function useResetMemberPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: ({ id, body }: MemberPasswordReset) => resetMemberPassword(id, body),
    onSuccess: ({ member }) => storeMember(queryClient, member),
    onSettled: () => invalidateMembers(queryClient),
  });
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: memberKeys.detail(id) }),
    onSettled: (_data, _error, id) => invalidateMembers(queryClient, id),
  });
}
