import { useRouteLoaderData } from 'react-router';
import type { Admin } from '../../shared/contracts/admin-auth.ts';
import { type Area, canUse } from '../../shared/rules/roles.ts';
import { useCurrentAdmin } from '../features/admin-auth/api.ts';

/** The id of the route around every signed-in screen, whose loader answers who is signed in. */
export const SIGNED_IN_LAYOUT_ROUTE_ID = 'signed-in-layout';

/**
 * The signed-in user (their role decides what the screens offer): the latest answer of /api/admin/me, or,
 * while none is cached (the cache is emptied when a session ends), the one the layout's loader got.
 */
export function useSignedInAdmin(): Admin {
  const me = useCurrentAdmin();
  const loaded = useRouteLoaderData(SIGNED_IN_LAYOUT_ROUTE_ID) as Admin | undefined;
  const admin = me.data ?? loaded;
  if (!admin) throw new Error('useSignedInAdmin is only for the screens inside the signed-in layout');
  return admin;
}

/** Whether the signed-in user's role may use this part of the back office (roles.ts). */
export function useCanUse(area: Area): boolean {
  return canUse(useSignedInAdmin().role, area);
}
