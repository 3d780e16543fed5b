/**
 * The admin app's screens and every path that shows each: the one list that the admin router
 * (src/web/admin/router.tsx), its navigation (src/web/admin/layout/nav-items.ts), the return-after-sign-in
 * check (src/web/admin/paths.ts), the server's admin shell routes and robots.txt (src/server/web/) read.
 *
 * A screen's first path is its own (links name it); the others are older aliases, kept working.
 */
export const ADMIN_SCREENS = {
  login: ['/admin/login'],
  /** Opened from an invitation link (`#<token>`) by someone who has no password yet: no session needed. */
  invitation: ['/admin/invitation'],
  dashboard: ['/admin/dashboard', '/admin'],
  inquiries: ['/admin/inquiries', '/admin/dashboard/inquiries'],
  /** The team's reply templates (decision 078). */
  templates: ['/admin/templates'],
  contact: ['/admin/contact', '/admin/dashboard/contact', '/ContactAdmin'],
  blog: ['/admin/blog', '/admin/dashboard/Blog'],
  /** Members: the customers' accounts (the team is `team`). */
  members: ['/admin/members', '/admin/users', '/UserManagement'],
  profile: ['/admin/profile'],
  settings: ['/admin/settings'],
  team: ['/admin/team'],
  auditLog: ['/admin/audit-log'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type AdminScreenId = keyof typeof ADMIN_SCREENS;

/**
 * Where people type the sign-in's address from memory: redirected to the login screen (the back office is in
 * English, so the Hindi site's shortcut leads there too).
 */
export const SIGN_IN_SHORTCUTS: readonly string[] = ['/login', '/hi/login'];

/** The admin app owns this path and everything below it. */
export const ADMIN_ROOT = '/admin';

/** A screen's own path. */
export function adminPath(screen: AdminScreenId): string {
  return ADMIN_SCREENS[screen][0];
}

/** The older paths outside ADMIN_ROOT that still open the admin app (`/ContactAdmin`, `/UserManagement`). */
export const LEGACY_ADMIN_PATHS: readonly string[] = Object.values(ADMIN_SCREENS)
  .flat()
  .filter((path) => path !== ADMIN_ROOT && !path.startsWith(`${ADMIN_ROOT}/`));

/** Where the admin app lives: ADMIN_ROOT and the legacy paths (each with the paths below it, in the app). */
export const ADMIN_APP_ROOTS: readonly string[] = [ADMIN_ROOT, ...LEGACY_ADMIN_PATHS];

/** The inbox with one inquiry open (its detail), as notifications link to it. */
export function inquiryPath(inquiryId: string): string {
  return `${adminPath('inquiries')}?open=${encodeURIComponent(inquiryId)}`;
}

/** The back office's service worker (push notifications), served at the top of the scope it controls. */
export const ADMIN_SERVICE_WORKER_PATH = `${ADMIN_ROOT}/sw.js`;
export const ADMIN_SERVICE_WORKER_SCOPE = `${ADMIN_ROOT}/`;
