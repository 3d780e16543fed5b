export const LOGIN_PATH = '/admin/login';
export const DASHBOARD_PATH = '/admin/dashboard';

// Paths this app renders; anything else belongs to the public site (a different app).
const ADMIN_APP_PATH = /^\/(admin(\/|$|\?)|contactadmin(\/|$|\?)|usermanagement(\/|$|\?))/i;

/** The remembered place to return to after signing in, if it is one of ours (never another site). */
export function safeNextPath(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (!ADMIN_APP_PATH.test(raw)) return null;
  if (raw.toLowerCase().startsWith(LOGIN_PATH)) return null;
  return raw;
}

export function loginPathFor(wanted: string): string {
  const next = safeNextPath(wanted);
  return next && next !== DASHBOARD_PATH ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH;
}
