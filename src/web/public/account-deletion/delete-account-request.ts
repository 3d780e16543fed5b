import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/rules/account-deletion.ts';
import {
  challengeOf,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_STATUS,
  type ProofOfWorkChallenge,
} from '../../../shared/rules/proof-of-work.ts';

export const DELETE_ACCOUNT_PATH = '/api/auth/delete-account';

/** What the page sends: the mobile as typed and the chosen code; the server normalises the two. */
export interface AccountDeletionRequest {
  mobile: string;
  password: string;
  countryCode: string;
}

export type AccountDeletionOutcome =
  | { deleted: true }
  /** `challenge`: the address is busy; solved, the same request may be sent again (decision 027). */
  | { deleted: false; message: string; challenge?: ProofOfWorkChallenge };

/** SPEC section 5: both fields are required; a mobile of only spaces is empty (the server trims it). */
export function hasAllFields(values: Pick<AccountDeletionRequest, 'mobile' | 'password'>): boolean {
  return values.mobile.trim() !== '' && values.password !== '';
}

async function readMessage(
  response: Response,
): Promise<{ success?: unknown; message?: unknown; challenge?: unknown }> {
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
 * `proof` is a solved challenge of an earlier answer, when the server asked for one.
 */
export async function requestAccountDeletion(
  request: AccountDeletionRequest,
  fetchImpl: typeof fetch = fetch,
  proof?: string,
): Promise<AccountDeletionOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(DELETE_ACCOUNT_PATH, {
      method: 'DELETE',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}),
      },
      body: JSON.stringify(request),
    });
  } catch {
    return { deleted: false, message: ACCOUNT_DELETION_MESSAGES.network };
  }
  const body = await readMessage(response);
  if (response.ok && body.success === true) return { deleted: true };
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const challenge = response.status === PROOF_OF_WORK_STATUS ? challengeOf(body) : undefined;
  return {
    deleted: false,
    message: message ?? ACCOUNT_DELETION_MESSAGES.failed,
    ...(challenge ? { challenge } : {}),
  };
}
