import type { ApiToken, ApiTokenCreateInput } from '../../../shared/contracts/api-tokens.ts';
import { API_TOKEN_EXPIRY_DAYS, tokenRolesFor } from '../../../shared/rules/api-tokens.ts';
import type { Role } from '../../../shared/rules/roles.ts';

/** The expiry the form offers first: long enough for an integration, short enough to be renewed. */
const DEFAULT_EXPIRY_DAYS = 90;

/** The "Create token" form as it opens: the user's own role (the least a token may have), read only. */
export function apiTokenFormDefaults(role: Role): ApiTokenCreateInput {
  return { name: '', role, access: 'read', expiresInDays: DEFAULT_EXPIRY_DAYS };
}

/** The roles the form offers; the user's own first, as the safest choice for most tokens. */
export function apiTokenRoleChoices(role: Role): Role[] {
  const roles = tokenRolesFor(role);
  return [role, ...roles.filter((other) => other !== role)];
}

/** "7 days", "30 days", "90 days", "1 year". */
function expiryLabel(days: number): string {
  if (days === 365) return '1 year';
  return `${days} day${days === 1 ? '' : 's'}`;
}

export const API_TOKEN_EXPIRY_CHOICES = API_TOKEN_EXPIRY_DAYS.map((days) => ({
  days,
  label: expiryLabel(days),
}));

/** The header a tool sends with the token. */
export function bearerHeader(token: string): string {
  return `Authorization: Bearer ${token}`;
}

/** A request that lists inquiries with the token, to try it from a terminal. */
export function curlExample(origin: string, token: string): string {
  return `curl -H "${bearerHeader(token)}" ${origin}/api/contact-inquiries`;
}

/** Whether the token no longer works because its time is up (a revoked token is not listed at all). */
export function isExpired(token: Pick<ApiToken, 'expiresAt'>, now: Date): boolean {
  return new Date(token.expiresAt).getTime() <= now.getTime();
}
