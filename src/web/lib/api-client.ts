import type { z } from 'zod';
import { type ErrorCode, isApiError } from '../../shared/rules/api.ts';

/** Status 0 means the request never got an answer (offline, DNS, server down). */
export const NETWORK_ERROR_STATUS = 0;

/** Any answer outside 200-299, or no answer at all, carrying the server's code, message and field errors. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** True when the message is the server's own words, not one made up here from the status. */
    readonly hasServerMessage = false,
    /** The answer's body as sent, for what the error shape does not name (e.g. a challenge). */
    readonly body?: unknown,
    /** How long the server asked to wait before trying again (its Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** When given, the answer is checked against it, so a changed contract fails loudly here. */
  schema?: z.ZodType<T>;
  /** More request headers (e.g. a proof of work). */
  headers?: Record<string, string>;
  /** Sent even if the page is left meanwhile (a record of a link being followed). */
  keepalive?: boolean;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The seconds of a Retry-After header (the server sends seconds, never a date), or undefined. */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** Asks the signed-in user for their password again; true once they gave it, false when they declined. */
export type Reauthenticate = () => Promise<boolean>;

let reauthenticate: Reauthenticate | null = null;
/** The prompt being shown: calls refused at the same moment wait for the one answer. */
let pendingReauthentication: Promise<boolean> | null = null;

/**
 * Lets the back office's prompt answer a sensitive call's "confirm it is you" (decision 049): the call waits
 * while the prompt is open, then is sent again, so the screen and its form stay as they were. Returns the
 * function that removes it.
 */
export function setReauthenticationPrompt(prompt: Reauthenticate): () => void {
  reauthenticate = prompt;
  return () => {
    if (reauthenticate === prompt) reauthenticate = null;
  };
}

function askToReauthenticate(): Promise<boolean> {
  if (!reauthenticate) return Promise.resolve(false);
  pendingReauthentication ??= reauthenticate().finally(() => {
    pendingReauthentication = null;
  });
  return pendingReauthentication;
}

/** The code of the server's error answer (decision 058), or undefined when there was none. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiRequestError && isApiError(error.body) ? error.body.code : undefined;
}

/**
 * JSON in, JSON out, with the session cookie; throws ApiRequestError for anything but success. A call refused
 * until the user confirms it is them is sent again once they have.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  try {
    return await sendApiRequest(path, options);
  } catch (error) {
    if (errorCode(error) !== 'REAUTH_REQUIRED') throw error;
    if (!(await askToReauthenticate())) throw error;
    return sendApiRequest(path, options);
  }
}

async function sendApiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const { method = 'GET', body, signal, schema, keepalive } = options;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  // Fastify refuses an empty body sent as JSON, so the header only goes with a body.
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(NETWORK_ERROR_STATUS, 'Could not reach the server. Check your connection.');
  }

  const data = await readJson(response);
  if (!response.ok) {
    const retryAfterSeconds = retryAfterOf(response);
    throw isApiError(data)
      ? new ApiRequestError(response.status, data.message, data.errors, true, data, retryAfterSeconds)
      : new ApiRequestError(
          response.status,
          `Request failed with status ${response.status}`,
          {},
          false,
          undefined,
          retryAfterSeconds,
        );
  }
  if (!schema) return data as T;
  const checked = schema.safeParse(data);
  if (!checked.success) throw new ApiRequestError(response.status, 'The server sent an unexpected answer');
  return checked.data;
}

/** The session is missing or expired (as opposed to, say, a wrong password on the login form). */
export function isSessionError(error: unknown): boolean {
  return errorCode(error) === 'SESSION_REQUIRED';
}

/** The server's own message when it gave one, otherwise the fallback text for this action. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.hasServerMessage ? error.message : fallback;
}
