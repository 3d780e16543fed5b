import {
  challengeOf,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_STATUS,
  type ProofOfWorkChallenge,
} from '../../../shared/rules/proof-of-work.ts';
import { sendWithProofOfWork } from '../../lib/proof-of-work.ts';
import type {
  AccountDeletionRequest,
  DeletionFailure,
  DeletionFailureKind,
} from './delete-account-request.ts';

// Loaded when the confirmation opens, not with the page: the page without script never needs it, and the
// page's script stays within its budget (scripts/check-bundles.ts).

export const DELETE_ACCOUNT_PATH = '/api/auth/delete-account';

export type AccountDeletionOutcome =
  | { deleted: true }
  /** `challenge`: the address is busy; solved, the same request may be sent again (decision 027). */
  | ({ deleted: false; challenge?: ProofOfWorkChallenge } & DeletionFailure);

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

function failureKind(status: number, proofSent: boolean): DeletionFailureKind {
  if (status === 400) return 'invalid';
  if (status === 401) return 'invalidCredentials';
  if (status === PROOF_OF_WORK_STATUS) return proofSent ? 'proofRefused' : 'proofRequired';
  if (status === 429) return 'tooManyAttempts';
  return 'failed';
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * `DELETE /api/auth/delete-account`. A plain fetch, not the API client: the page needs only three outcomes,
 * and a public page ships no schema library.
 * - success: a 2xx answer with `success: true`;
 * - failure: why, by the answer's status, with the server's message when it gave one;
 * - the request threw (offline, server unreachable): `network`.
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
    return { deleted: false, kind: 'network' };
  }
  const body = await readMessage(response);
  if (response.ok && body.success === true) return { deleted: true };
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const challenge = response.status === PROOF_OF_WORK_STATUS ? challengeOf(body) : undefined;
  const retryAfterSeconds = response.status === 429 ? retryAfterOf(response) : undefined;
  return {
    deleted: false,
    kind: failureKind(response.status, Boolean(proof)),
    ...(message ? { message } : {}),
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    ...(challenge ? { challenge } : {}),
  };
}

/**
 * Sends the deletion; a busy connection is asked to prove it is a person (decision 027): `onChecking` is told
 * while the browser solves the challenge, and the same request goes again with the solution.
 */
export function sendAccountDeletion(
  values: AccountDeletionRequest,
  onChecking: () => void,
): Promise<AccountDeletionOutcome> {
  return sendWithProofOfWork(
    (proof) => requestAccountDeletion(values, fetch, proof),
    (answer) => (answer.deleted ? undefined : answer.challenge),
    onChecking,
  );
}
