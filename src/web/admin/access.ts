import type { AdminScreenId } from '../../shared/pages/admin-paths.ts';
import { type Area, canUse, type Role } from '../../shared/rules/roles.ts';

/** The screens anyone may open, signed in or not: signing in, and setting a password from an invitation. */
const PUBLIC_SCREENS = ['login', 'invitation'] as const satisfies readonly AdminScreenId[];
type PublicScreen = (typeof PUBLIC_SCREENS)[number];
export type SignedInScreen = Exclude<AdminScreenId, PublicScreen>;

/** The part of the back office each signed-in screen belongs to (roles.ts says which roles may use it). */
const SCREEN_AREAS = {
  dashboard: 'dashboard',
  inquiries: 'inbox',
  templates: 'inbox',
  contact: 'administration',
  blog: 'blog',
  members: 'administration',
  profile: 'account',
  settings: 'administration',
  team: 'administration',
  auditLog: 'administration',
} as const satisfies Record<SignedInScreen, Area>;

export function isPublicScreen(screen: AdminScreenId): screen is PublicScreen {
  return (PUBLIC_SCREENS as readonly AdminScreenId[]).includes(screen);
}

/** Whether someone of this role may open the screen. */
export function canOpen(role: Role, screen: SignedInScreen): boolean {
  return canUse(role, SCREEN_AREAS[screen]);
}
