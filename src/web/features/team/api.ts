import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  type InvitationAcceptInput,
  type InvitationInfo,
  InvitationInfoResponseSchema,
  type TeamMember,
  type TeamMemberCreateInput,
  type TeamMemberCredentials,
  TeamMemberCredentialsResponseSchema,
  type TeamMemberListResponse,
  TeamMemberListResponseSchema,
  TeamMemberResponseSchema,
  type TeamMemberUpdateInput,
} from '../../../shared/contracts/team.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const BASE = '/api/admin/users';
const INVITATION_BASE = '/api/admin/invitation';

/** The team is one list (a handful of people): everything a change touches is under `all`. */
const teamKeys = {
  all: ['team'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

const userPath = (id: string, action = '') => `${BASE}/${encodeURIComponent(id)}${action}`;

function fetchTeam(signal?: AbortSignal): Promise<TeamMemberListResponse> {
  return apiRequest(BASE, { signal, schema: TeamMemberListResponseSchema });
}

const teamQueryOptions = () => screenQueryOptions(teamKeys.list(), fetchTeam, 'Failed to load the team');

/** Every back-office user, with role, status, second factor and last sign-in. */
export function useTeam() {
  return useQuery(teamQueryOptions());
}

function createUser(body: TeamMemberCreateInput): Promise<TeamMemberCredentials> {
  return apiRequest(BASE, { method: 'POST', body, schema: TeamMemberCredentialsResponseSchema }).then(
    (response) => response.data,
  );
}

function updateUser(id: string, body: TeamMemberUpdateInput): Promise<{ user: TeamMember; message: string }> {
  return apiRequest(userPath(id), { method: 'PATCH', body, schema: TeamMemberResponseSchema }).then(
    (response) => ({ user: response.data, message: response.message }),
  );
}

function resetPassword(id: string): Promise<TeamMemberCredentials> {
  return apiRequest(userPath(id, '/password'), {
    method: 'POST',
    schema: TeamMemberCredentialsResponseSchema,
  }).then((response) => response.data);
}

function newInvitation(id: string): Promise<TeamMemberCredentials> {
  return apiRequest(userPath(id, '/invitation'), {
    method: 'POST',
    schema: TeamMemberCredentialsResponseSchema,
  }).then((response) => response.data);
}

function deleteUser(id: string): Promise<{ message: string }> {
  return apiRequest(userPath(id), { method: 'DELETE', schema: MessageResponseSchema });
}

function invalidateTeam(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

/** The server's answer, put in the cached list at once so the row and an open dialog agree. */
function storeUser(queryClient: QueryClient, user: TeamMember) {
  queryClient.setQueryData<TeamMemberListResponse>(teamKeys.list(), (list) =>
    list ? { users: list.users.map((entry) => (entry._id === user._id ? user : entry)) } : list,
  );
}

/**
 * The answers of a create, a password reset and a new invitation carry a password or a link. They are
 * handed to the caller and dropped: `gcTime: 0` removes the finished mutation (its data and its variables,
 * which may hold a typed password) from the mutation cache as soon as its component lets go of it, and only
 * the user (never the password) goes into the query cache.
 */
const FORGET_AT_ONCE = { gcTime: 0 } as const;

export function useCreateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: createUser,
    onSettled: () => invalidateTeam(queryClient),
  });
}

export interface TeamMemberChange {
  id: string;
  body: TeamMemberUpdateInput;
}

/** Name, role, disabled; the server refuses (400) to leave no active administrator. */
export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: TeamMemberChange) => updateUser(id, body),
    onSuccess: ({ user }) => storeUser(queryClient, user),
    onSettled: () => invalidateTeam(queryClient),
  });
}

/** The password stops working and every session of that user ends; a sign-in link, shown once, replaces it. */
export function useResetTeamPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: (id: string) => resetPassword(id),
    onSuccess: ({ user }) => storeUser(queryClient, user),
    onSettled: () => invalidateTeam(queryClient),
  });
}

/** A new invitation link for someone who has not set a password yet; earlier links stop working. */
export function useNewInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: (id: string) => newInvitation(id),
    onSuccess: ({ user }) => storeUser(queryClient, user),
    onSettled: () => invalidateTeam(queryClient),
  });
}

/** Turns off someone's two-factor sign-in (a lost phone); every session of theirs ends. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(userPath(id, '/two-factor'), { method: 'DELETE', schema: MessageResponseSchema }),
    onSettled: () => invalidateTeam(queryClient),
  });
}

export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => invalidateTeam(queryClient),
  });
}

async function checkInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  return apiRequest(`${INVITATION_BASE}/check`, {
    method: 'POST',
    body: { token },
    signal,
    schema: InvitationInfoResponseSchema,
  });
}

/**
 * Whose invitation the link is, asked without a session; a 404 (unknown, used or expired) is the answer,
 * not a failure to retry. No toast: the page says it.
 */
export function useInvitation(token: string) {
  return useQuery(
    queryOptions({
      queryKey: teamKeys.invitation(token),
      queryFn: ({ signal }) => checkInvitation(token, signal),
      enabled: token !== '',
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      meta: { redirectOnSessionError: false },
    }),
  );
}

function acceptInvitation(body: InvitationAcceptInput): Promise<{ message: string }> {
  return apiRequest(`${INVITATION_BASE}/accept`, {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
  });
}

/** Sets the invited person's password; the link then ends (the page moves on to signing in). */
export function useAcceptInvitation() {
  return useMutation({
    ...FORGET_AT_ONCE,
    mutationFn: acceptInvitation,
    meta: { redirectOnSessionError: false },
  });
}
