import type { Locale } from '../../../shared/rules/locales.ts';
import { retryWaitOf } from '../../../shared/rules/retry-wait.ts';
import type { PostedDeletionProblem } from '../../../shared/web-render.ts';
import type { Catalogues, MessageKey } from '../../i18n/catalogues.ts';
import type { CopyArguments } from '../../i18n/copy.tsx';

/** What the page sends: the mobile as typed and the chosen code; the server normalises the two. */
export interface AccountDeletionRequest {
  mobile: string;
  password: string;
  countryCode: string;
}

/**
 * Why a deletion did not happen: the page's own check (`missingFields`), the server's answer by its status
 * (400 `invalid`, 401 `invalidCredentials`, 428 `proofRequired` or, when a solution was sent, `proofRefused`,
 * 429 `tooManyAttempts`; any other, 404 and 5xx among them, `failed`), or no answer at all (`network`). The page
 * posted without script has two more: `proofNeedsScript` and `expired` (shared/web-render.ts).
 */
export type DeletionFailureKind =
  | PostedDeletionProblem
  | 'proofRequired'
  | 'proofRefused'
  | 'failed'
  | 'network';

export interface DeletionFailure {
  kind: DeletionFailureKind;
  /** The server's own message, in English as the API speaks it. */
  message?: string;
  /** A 429's `Retry-After`, when it gave one. */
  retryAfterSeconds?: number;
}

/** Both fields are required; a mobile of only spaces is empty (the server trims it). */
export function hasAllFields(values: Pick<AccountDeletionRequest, 'mobile' | 'password'>): boolean {
  return values.mobile.trim() !== '' && values.password !== '';
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
