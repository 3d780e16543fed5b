import { ApiErrorSchema } from '../../shared/contracts/api.ts';
import type { ErrorCode } from '../../shared/rules/api.ts';

// What a route throws on purpose (HttpError) and the error answers it declares in its schema. The error
// handler (plugins/errors.ts) writes every error, these and any other, in the one error shape.

export interface HttpErrorOptions {
  /** The refusal's name when the status's own (see codeOfStatus) is not precise enough. */
  code?: ErrorCode;
  /** What is wrong with each field, by its name; the code is then VALIDATION unless given. */
  errors?: Record<string, string>;
  headers?: Record<string, string>;
  /** More fields of the answer's body, beside `success`, `code`, `message` and `errors` (e.g. a challenge). */
  details?: Record<string, unknown>;
}

/** An error a route throws on purpose: its status, code and message go to the client as they are. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    message: string,
    { code, errors, headers, details }: HttpErrorOptions = {},
  ) {
    super(message);
    this.code = code ?? (errors && statusCode === 400 ? 'VALIDATION' : codeOfStatus(statusCode));
    if (errors) this.errors = errors;
    if (headers) this.headers = headers;
    if (details) this.details = details;
  }
}

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'SESSION_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  428: 'PROOF_REQUIRED',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL',
  502: 'UPSTREAM_FAILED',
  503: 'UNAVAILABLE',
};

/** The code of an answer with this status when nothing more precise is said (decision 058). */
export function codeOfStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** A route's `response` entries for the error statuses it may answer, every one in the one error shape. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    Status,
    typeof ApiErrorSchema
  >;
}

/**
 * What any route may answer, a public read included: 400 when the request's Host is not one this site serves
 * (the security plugin's first check, before routing).
 */
export const ANY_ROUTE_ERROR_RESPONSES = errorResponses(400);
/** What an admin route may answer besides success: a bad request, no session, another site, an unknown id. */
export const ADMIN_ERROR_RESPONSES = errorResponses(400, 401, 403, 404);
/** What an admin save may answer besides: a conflict, a body too large, a body that is not JSON. */
export const SAVE_ERROR_RESPONSES = { ...ADMIN_ERROR_RESPONSES, ...errorResponses(409, 413, 415) };
