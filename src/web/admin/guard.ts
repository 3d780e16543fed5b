import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import type { Admin } from '../../shared/contracts/admin-auth.ts';
import { currentAdminQueryOptions } from '../features/admin-auth/api.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { canOpen, type SignedInScreen } from './access.ts';
import { DASHBOARD_PATH, loginPathFor, PROFILE_PATH, safeNextPath } from './paths.ts';

function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/**
 * Loader of the layout around every admin screen: the server says who is signed in (cached for a
 * short while); without a session the admin goes to the login page, which returns here afterwards. An
 * administrator the site requires two-factor sign-in of, who has not set it up, goes to My Profile, the one
 * screen the server answers them on until they do.
 */
export function requireAdminLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<Admin> => {
    const url = new URL(request.url);
    let admin: Admin;
    try {
      admin = await queryClient.fetchQuery(currentAdminQueryOptions());
    } catch (error) {
      if (!isUnauthenticated(error)) throw error;
      throw redirect(loginPathFor(url.pathname + url.search));
    }
    if (admin.twoFactorSetupRequired && url.pathname.replace(/\/+$/, '').toLowerCase() !== PROFILE_PATH) {
      throw redirect(PROFILE_PATH);
    }
    return admin;
  };
}

/** Loader of the login page: someone already signed in goes straight on. */
export function loginLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    try {
      await queryClient.fetchQuery(currentAdminQueryOptions());
    } catch {
      // Not signed in (or the server is unreachable): show the form; signing in will tell.
      return null;
    }
    const next = safeNextPath(new URL(request.url).searchParams.get('next'));
    throw redirect(next ?? DASHBOARD_PATH);
  };
}

/** What a screen's loader throws for a role that may not use it; its error boundary says so. */
export const SCREEN_NOT_AVAILABLE_STATUS = 403;

/**
 * Loader of each signed-in screen: someone whose role may not use it (a typed or remembered address) gets
 * the "not available for your role" page instead, and the screen, which would ask the server, never renders.
 * Who is signed in is the layout loader's question, asked once for both; its failures are the layout's.
 */
export function screenAccessLoader(queryClient: QueryClient, screen: SignedInScreen) {
  return async (): Promise<null> => {
    const admin = await queryClient.fetchQuery(currentAdminQueryOptions()).catch(() => null);
    if (admin && !canOpen(admin.role, screen)) {
      throw data(null, { status: SCREEN_NOT_AVAILABLE_STATUS });
    }
    return null;
  };
}
