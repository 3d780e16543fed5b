import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/rules/account-deletion.ts';

export const DELETE_ACCOUNT_PATH = '/api/auth/delete-account';

/** What the page sends: the mobile as typed and the chosen code; the server normalises the two. */
export interface AccountDeletionRequest {
  mobile: string;
  password: string;
  countryCode: string;
}

export type AccountDeletionOutcome = { deleted: true } | { deleted: false; message: string };

/** SPEC section 5: both fields are required; a mobile of only spaces is empty (the server trims it). */
export function hasAllFields(values: Pick<AccountDeletionRequest, 'mobile' | 'password'>): boolean {
  return values.mobile.trim() !== '' && values.password !== '';
}

async function readMessage(response: Response): Promise<{ success?: unknown; message?: unknown }> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

/**
 * `DELETE /api/auth/delete-account` (SPEC sections 7 and 8). A plain fetch, not the API client: the page
 * needs only the spec's three outcomes, and a public page ships no schema library.
 * - success: a 2xx answer with `success: true`;
 * - failure: the server's message, or 'Failed to delete account' when it gave none;
 * - the request threw (offline, server unreachable): 'Network error. Please try again.'
 */
export async function requestAccountDeletion(
  request: AccountDeletionRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<AccountDeletionOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(DELETE_ACCOUNT_PATH, {
      method: 'DELETE',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { deleted: false, message: ACCOUNT_DELETION_MESSAGES.network };
  }
  const body = await readMessage(response);
  if (response.ok && body.success === true) return { deleted: true };
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  return { deleted: false, message: message ?? ACCOUNT_DELETION_MESSAGES.failed };
}
