/** The team's limits and texts without zod (the contracts are in contracts/team.ts). */

export const TEAM_LIMITS = { name: 100 } as const;

export const TEAM_USER_STATUSES = ['active', 'disabled', 'invited'] as const;
export type TeamMemberStatus = (typeof TEAM_USER_STATUSES)[number];

/** How long an invitation link works. */
export const INVITATION_VALID_HOURS = 48;

export const LAST_ADMINISTRATOR_MESSAGES = {
  delete: 'The last active administrator cannot be deleted. Make another user an administrator first.',
  disable: 'The last active administrator cannot be disabled. Make another user an administrator first.',
  demote:
    'The last active administrator must stay an administrator. Make another user an administrator first.',
} as const;

export const INVITATION_INVALID_MESSAGE =
  'This invitation link is not valid: it was used, replaced or is over 48 hours old. Ask an administrator for a new one.';
