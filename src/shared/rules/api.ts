import type { ApiError } from '../contracts/api.ts';

// Without zod: the browser reads error answers on public pages too, and zod is too heavy to ship there.

export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';

/** True when an answer has the error shape of ApiErrorSchema. */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { success, message, errors } = value as Record<string, unknown>;
  return (
    success === false &&
    typeof message === 'string' &&
    (errors === undefined ||
      (typeof errors === 'object' &&
        errors !== null &&
        Object.values(errors).every((v) => typeof v === 'string')))
  );
}
