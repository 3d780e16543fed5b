import { ADMIN_APP_ROOTS, adminPath } from '../../shared/pages/admin-paths.ts';

export const LOGIN_PATH = adminPath('login');
export const DASHBOARD_PATH = adminPath('dashboard');
const INVITATION_PATH = adminPath('invitation');
export const PROFILE_PATH = adminPath('profile');

/** Whether this app renders the path (any letter case); anything else belongs to the public site. */
function isAdminAppPath(path: string): boolean {
  const lower = path.toLowerCase();
  return ADMIN_APP_ROOTS.some((root) => {
    const prefix = root.toLowerCase();
    return lower === prefix || lower.startsWith(`${prefix}/`) || lower.startsWith(`${prefix}?`);
  });
}

/** The remembered place to return to after signing in, if it is one of ours (never another site). */
export function safeNextPath(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (!isAdminAppPath(raw)) return null;
  // Screens for the signed-out: going back to them after signing in makes no sense.
  const lower = raw.toLowerCase();
  if (lower.startsWith(LOGIN_PATH) || lower.startsWith(INVITATION_PATH)) return null;
  return raw;
}

export function loginPathFor(wanted: string): string {
  const next = safeNextPath(wanted);
  return next && next !== DASHBOARD_PATH ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH;
}

/** What another screen may hand the login page (router state): the email to sign in with, and why. */
export interface LoginPageState {
  email: string;
  notice: string;
}

/** The login page's state if another screen left one (anything else found in history is ignored). */
export function loginPageState(state: unknown): LoginPageState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, notice } = state as Record<string, unknown>;
  return typeof email === 'string' && typeof notice === 'string' ? { email, notice } : null;
}
