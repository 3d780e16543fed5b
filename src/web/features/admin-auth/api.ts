import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Admin,
  AdminResponseSchema,
  type ChangePasswordInput,
  LoginInfoSchema,
  type LoginInput,
  LoginResponseSchema,
  ReauthenticatedResponseSchema,
  type ReauthenticateInput,
  type SignedInResponse,
  SignedInResponseSchema,
  type SignInSummary,
} from '../../../shared/contracts/admin-auth.ts';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  RecoveryCodesResponseSchema,
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
  TwoFactorSetupResponseSchema,
  type TwoFactorSignInInput,
  TwoFactorStatusResponseSchema,
} from '../../../shared/contracts/two-factor.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { screenQueryOptions } from '../../lib/query-cache.ts';

const adminAuthKeys = {
  me: ['admin', 'me'] as const,
  loginInfo: ['admin', 'login-info'] as const,
  /** Set by a sign-in, cleared when the admin dismisses it: nothing fetches it. */
  signInSummary: ['admin', 'sign-in-summary'] as const,
  twoFactor: ['admin', 'two-factor'] as const,
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

/** What a completed sign-in leaves behind: who is signed in, and the notice about the time since the last. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return ({ admin, signIn }: SignedInResponse) => {
    // Nothing cached for a previous session may show for this one.
    queryClient.removeQueries();
    queryClient.setQueryData(adminAuthKeys.me, admin);
    queryClient.setQueryData(adminAuthKeys.signInSummary, signIn);
  };
}

/** The password step: signed in, or `twoFactorRequired` when the account has a second factor. */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    meta: { redirectOnSessionError: false },
    onSuccess: (result) => {
      if ('admin' in result) signedIn(result);
    },
  });
}

/** The second step: the authenticator's code or a recovery code completes the sign-in. */
export function useTwoFactorLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: TwoFactorSignInInput) =>
      apiRequest('/api/admin/login/two-factor', {
        method: 'POST',
        body: input,
        schema: SignedInResponseSchema,
      }),
    meta: { redirectOnSessionError: false },
    onSuccess: signedIn,
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Who is signed in changes too: a password of their own lifts the suggestion to choose one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAuthKeys.me }),
  });
}

const TWO_FACTOR_PATH = '/api/admin/two-factor';

/** Whether two-factor sign-in is on for the signed-in user, and how many recovery codes are left. */
export function useTwoFactorStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...screenQueryOptions(
      adminAuthKeys.twoFactor,
      async (signal) =>
        (await apiRequest(TWO_FACTOR_PATH, { signal, schema: TwoFactorStatusResponseSchema })).twoFactor,
      'Failed to load your two-factor sign-in',
    ),
    enabled,
  });
}

/** Refetches the status, and who is signed in: turning the factor on may lift "set it up first". */
function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminAuthKeys.twoFactor }),
      queryClient.invalidateQueries({ queryKey: adminAuthKeys.me }),
    ]);
}

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () =>
      apiRequest(`${TWO_FACTOR_PATH}/setup`, { method: 'POST', schema: TwoFactorSetupResponseSchema }),
  });
}

export function useEnableTwoFactor() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      apiRequest(`${TWO_FACTOR_PATH}/enable`, {
        method: 'POST',
        body: input,
        schema: RecoveryCodesResponseSchema,
      }),
    onSuccess: changed,
  });
}

export function useDisableTwoFactor() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      apiRequest(`${TWO_FACTOR_PATH}/disable`, {
        method: 'POST',
        body: input,
        schema: MessageResponseSchema,
      }),
    onSuccess: changed,
  });
}

export function useRenewRecoveryCodes() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      apiRequest(`${TWO_FACTOR_PATH}/recovery-codes`, {
        method: 'POST',
        body: input,
        schema: RecoveryCodesResponseSchema,
      }),
    onSuccess: changed,
  });
}

/** Confirms the signed-in user again (password or authenticator code) before sensitive changes. */
export function reauthenticate(input: ReauthenticateInput) {
  return apiRequest('/api/admin/reauthenticate', {
    method: 'POST',
    body: input,
    schema: ReauthenticatedResponseSchema,
  });
}
