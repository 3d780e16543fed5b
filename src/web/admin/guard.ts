import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { Admin } from '../../shared/contracts/admin-auth.ts';
import { currentAdminQueryOptions } from '../features/admin-auth/api.ts';
import { ApiRequestError } from '../lib/api-client.ts';
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
