/**
 * Back-office roles and what each may use (decision 033): the one table the server enforces on every route
 * and the admin app reads to show only what a role can use.
 */

export const ROLES = ['administrator', 'agent', 'editor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'Administrator',
  agent: 'Agent',
  editor: 'Editor',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  administrator: 'Everything, including the team, members, channels and settings',
  agent: 'Dashboard and inquiries: read, status, notes, assignment and replies',
  editor: 'Dashboard and blog',
};

/**
 * The parts of the back office a route or a screen belongs to:
 * - `account`: one's own account (profile, password, notifications, devices, sign-out);
 * - `dashboard`: the dashboard;
 * - `inbox`: inquiries — reading, status, read/unread, notes, assignment, reply links;
 * - `blog`: posts;
 * - `administration`: everything else (inquiry delete and export, channels, members, settings, team,
 *   audit log, backups).
 */
export type Area = 'account' | 'dashboard' | 'inbox' | 'blog' | 'administration';

const AREAS_BY_ROLE: Record<Role, readonly Area[]> = {
  administrator: ['account', 'dashboard', 'inbox', 'blog', 'administration'],
  agent: ['account', 'dashboard', 'inbox'],
  editor: ['account', 'dashboard', 'blog'],
};

export function canUse(role: Role, area: Area): boolean {
  return AREAS_BY_ROLE[role].includes(area);
}

/** The roles that may use `area`, e.g. who is told of a new inquiry (`inbox`). */
export function rolesThatCanUse(area: Area): Role[] {
  return ROLES.filter((role) => canUse(role, area));
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const FORBIDDEN_MESSAGE = 'Your role does not allow this';
