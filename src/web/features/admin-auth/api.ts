import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Admin,
  AdminResponseSchema,
  type ChangePasswordInput,
  LoginInfoSchema,
  type LoginInput,
  LoginResponseSchema,
  type SignInSummary,
} from '../../../shared/contracts/admin-auth.ts';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import { apiRequest } from '../../lib/api-client.ts';

const adminAuthKeys = {
  me: ['admin', 'me'] as const,
  loginInfo: ['admin', 'login-info'] as const,
  /** Set by a sign-in, cleared when the admin dismisses it: nothing fetches it. */
  signInSummary: ['admin', 'sign-in-summary'] as const,
};

/** Who is signed in, asked of the server (a 401 means nobody). */
async function fetchCurrentAdmin(signal?: AbortSignal): Promise<Admin> {
  const { admin } = await apiRequest('/api/admin/me', { signal, schema: AdminResponseSchema });
  return admin;
}

export const currentAdminQueryOptions = () =>
  queryOptions({
    queryKey: adminAuthKeys.me,
    queryFn: ({ signal }) => fetchCurrentAdmin(signal),
    // Checked again on navigation after this long; any 401 from another call signs out at once anyway.
    staleTime: 30_000,
    retry: false,
    // The guard and the login page decide themselves what a 401 here means.
    meta: { redirectOnSessionError: false },
  });

export function useCurrentAdmin() {
  return useQuery(currentAdminQueryOptions());
}

const loginInfoQueryOptions = () =>
  queryOptions({
    queryKey: adminAuthKeys.loginInfo,
    queryFn: ({ signal }) => apiRequest('/api/admin/login-info', { signal, schema: LoginInfoSchema }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useLoginInfo() {
  return useQuery(loginInfoQueryOptions());
}

function login(input: LoginInput) {
  return apiRequest('/api/admin/login', { method: 'POST', body: input, schema: LoginResponseSchema });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { redirectOnSessionError: false },
    onSuccess: ({ admin, signIn }) => {
      // Nothing cached for a previous session may show for this one.
      queryClient.removeQueries();
      queryClient.setQueryData(adminAuthKeys.me, admin);
      queryClient.setQueryData(adminAuthKeys.signInSummary, signIn);
    },
  });
}

/** What this sign-in told about the time since the previous one, until dismissed (null then). */
export function useSignInSummary() {
  const queryClient = useQueryClient();
  const summary = useQuery({
    queryKey: adminAuthKeys.signInSummary,
    queryFn: () => null as SignInSummary | null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    summary: summary.data ?? null,
    dismiss: () => queryClient.setQueryData(adminAuthKeys.signInSummary, null),
  };
}

function logout(): Promise<unknown> {
  return apiRequest('/api/admin/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Before navigating to the login page, so it cannot find a cached "signed in" answer.
    onSuccess: () => queryClient.removeQueries(),
  });
}

function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest('/api/admin/password', { method: 'POST', body: input, schema: MessageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
