import { ADMIN_APP_ROOTS, adminPath } from '../../shared/pages/admin-paths.ts';

export const LOGIN_PATH = adminPath('login');
export const DASHBOARD_PATH = adminPath('dashboard');
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
  if (raw.toLowerCase().startsWith(LOGIN_PATH)) return null;
  return raw;
}

export function loginPathFor(wanted: string): string {
  const next = safeNextPath(wanted);
  return next && next !== DASHBOARD_PATH ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH;
}
