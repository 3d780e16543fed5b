import type { Role } from './roles.ts';

/** Personal API tokens (issue 21, decision 041): what a token may do, and the texts of its screens. */

export const API_TOKEN_ACCESS = ['read', 'read-write'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

export const API_TOKEN_ACCESS_LABELS: Record<ApiTokenAccess, string> = {
  read: 'Read only',
  'read-write': 'Read and write',
};

export const API_TOKEN_NAME_MAX_LENGTH = 60;
/** A token works for 1 to 365 days; the form offers these. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const API_TOKEN_MAX_DAYS = 365;
/** At most this many live tokens per user. */
export const API_TOKENS_PER_USER = 20;
/** Every token starts with this, so secret scanners and people can tell what it is. */
export const API_TOKEN_PREFIX = 'smpk_';

export const API_TOKEN_MESSAGES = {
  created: 'Token created. Copy it now: it is not shown again.',
  revoked: 'Token revoked',
  notFound: 'Token not found',
  tooMany: `You have ${API_TOKENS_PER_USER} tokens: revoke one before creating another`,
  roleTooHigh: 'A token cannot have a role your own role does not include',
  readOnly: 'This API token is read-only',
  accountArea: 'API tokens cannot be used for account settings: sign in to the back office',
  sessionOnly: 'API tokens cannot be used for this: sign in to the back office',
  invalid: 'The API token is not valid, has expired or was revoked',
} as const;

/** The roles a user may give a token: their own, or any when they are an administrator. */
export function tokenRolesFor(role: Role): Role[] {
  return role === 'administrator' ? ['administrator', 'agent', 'editor'] : [role];
}
