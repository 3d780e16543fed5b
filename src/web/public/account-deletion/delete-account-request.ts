import type { Locale } from '../../../shared/rules/locales.ts';
import {
  challengeOf,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_STATUS,
  type ProofOfWorkChallenge,
} from '../../../shared/rules/proof-of-work.ts';
import { retryWaitOf } from '../../../shared/rules/retry-wait.ts';
import type { Catalogues, MessageKey } from '../../i18n/catalogues.ts';
import type { CopyArguments } from '../../i18n/copy.tsx';

export const DELETE_ACCOUNT_PATH = '/api/auth/delete-account';

/** What the page sends: the mobile as typed and the chosen code; the server normalises the two. */
export interface AccountDeletionRequest {
  mobile: string;
  password: string;
  countryCode: string;
}

/**
 * Why a deletion did not happen: the page's own check (`missingFields`), the server's answer by its status
 * (400 `invalid`, 401 `invalidCredentials`, 428 `proofRequired` or, when a solution was sent, `proofRefused`,
 * 429 `tooManyAttempts`; any other, 404 and 5xx among them, `failed`), or no answer at all (`network`).
 */
export type DeletionFailureKind =
  | 'missingFields'
  | 'invalid'
  | 'invalidCredentials'
  | 'proofRequired'
  | 'proofRefused'
  | 'tooManyAttempts'
  | 'failed'
  | 'network';

export interface DeletionFailure {
  kind: DeletionFailureKind;
  /** The server's own message, in English as the API speaks it. */
  message?: string;
  /** A 429's `Retry-After`, when it gave one. */
  retryAfterSeconds?: number;
}

export type AccountDeletionOutcome =
  | { deleted: true }
  /** `challenge`: the address is busy; solved, the same request may be sent again (decision 027). */
  | ({ deleted: false; challenge?: ProofOfWorkChallenge } & DeletionFailure);

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
 * `DELETE /api/auth/delete-account` (SPEC sections 7 and 8). A plain fetch, not the API client: the page
 * needs only the spec's three outcomes, and a public page ships no schema library.
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

type DeletionCopy = (key: MessageKey<Catalogues['account-deletion']>, extra?: CopyArguments) => string;

/**
 * What the page says about a failure. The English page shows the server's message as it is (the API speaks
 * English, and its words are the page's); a page in another language says the same thing in its own words,
 * chosen by the failure's kind, with a 429's wait in its own units. Without a message, the catalogue's text.
 */
export function failureText(failure: DeletionFailure, locale: Locale, copy: DeletionCopy): string {
  if (locale === 'en' && failure.message) return failure.message;
  if (failure.kind !== 'tooManyAttempts') return copy(`errors.${failure.kind}`);
  if (failure.retryAfterSeconds === undefined) return copy('errors.tooManyRequests');
  const wait = retryWaitOf(failure.retryAfterSeconds);
  return copy(wait.unit === 'hour' ? 'errors.tooManyAttemptsHours' : 'errors.tooManyAttemptsMinutes', {
    count: wait.count,
  });
}
