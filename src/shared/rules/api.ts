import type { ApiError } from '../contracts/api.ts';

// Without zod: the browser reads error answers on public pages too, and zod is too heavy to ship there.

export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';

/**
 * The stable name of every refusal, sent as each error answer's `code` (decision 058). Clients act on the
 * code, never on the message: its words may change, and a Hindi page shows its own.
 */
export const ERROR_CODES = [
  /** 400 with `errors`: fields to correct. */
  'VALIDATION',
  /** 400 without field errors: a body that is not JSON, a Host this site does not serve, a wrong step. */
  'BAD_REQUEST',
  /** 401: no session, or it expired or was ended; sign in again. */
  'SESSION_REQUIRED',
  /** 401: the API token sent is unknown, expired or revoked. */
  'TOKEN_INVALID',
  /** 401: the email, mobile, password or code given is wrong. */
  'INVALID_CREDENTIALS',
  /** 401: the sign-in waiting for its second factor has expired; start again with the password. */
  'SIGN_IN_EXPIRED',
  /** 403: the role, the token or the origin may not do this. */
  'FORBIDDEN',
  /** 403: a sensitive action needs the password or a second factor again (decision 049). */
  'REAUTH_REQUIRED',
  /** 403: the account must set up two-factor sign-in before anything else. */
  'TWO_FACTOR_SETUP_REQUIRED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  /** 409: taken (an email, a mobile, a slug), changed by someone else meanwhile, or not set up (email). */
  'CONFLICT',
  /** 409: one more would pass a count's limit (e.g. the devices notified per user). */
  'LIMIT_REACHED',
  /** 410: it was there and is no more (a used or expired link). */
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  /** 428: a busy address must send a solved proof of work (decision 027). */
  'PROOF_REQUIRED',
  /** 429: too many attempts; the Retry-After header says for how long. */
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'INTERNAL',
  /** 502: a service this site called (the mail server, a push service, a webhook receiver) refused. */
  'UPSTREAM_FAILED',
  /** 503: shutting down, not ready, or too busy right now. */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** True when an answer has the error shape of ApiErrorSchema. */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { success, message, errors, code } = value as Record<string, unknown>;
  return (
    success === false &&
    typeof message === 'string' &&
    typeof code === 'string' &&
    (errors === undefined ||
      (typeof errors === 'object' &&
        errors !== null &&
        Object.values(errors).every((v) => typeof v === 'string')))
  );
}
