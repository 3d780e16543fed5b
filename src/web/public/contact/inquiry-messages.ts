import { useMemo } from 'react';
import { INQUIRY_LIMITS } from '../../../shared/rules/contact-inquiries.ts';
import { PROOF_OF_WORK_MESSAGES } from '../../../shared/rules/proof-of-work.ts';
import type { PostedInquiryField } from '../../../shared/web-render.ts';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';

/**
 * The contact form's messages in the page's language. The form's schema and the server speak English
 * (shared/contracts/contact-inquiry-form.ts, the API's answers): an English page shows their words as they are,
 * and a page in another language says the same in its own words, chosen by the field and the kind of problem
 * (for a field) or by the answer's status (for the form). Both the dialog and the page without script use this.
 */

/** What is wrong with a field: the kinds of message the form's schema gives. */
export type InquiryProblem = 'required' | 'tooLong' | 'controlCharacters' | 'invalid';

type Problems = Catalogues['contact']['problems'];

/** The kinds of problem each field can have: each has a text in the catalogue (problems.{field}.{kind}). */
const FIELD_PROBLEMS: { readonly [Field in PostedInquiryField]: readonly (keyof Problems[Field])[] } = {
  name: ['required', 'tooLong', 'controlCharacters'],
  phone: ['required', 'tooLong', 'controlCharacters', 'invalid'],
  email: ['required', 'tooLong', 'controlCharacters', 'invalid'],
  city: ['required', 'tooLong', 'controlCharacters'],
  service: ['required'],
  query: ['required', 'tooLong', 'controlCharacters'],
};

/**
 * The kind of an English message of the form's schema (contracts/fields.ts), as the browser's check or the
 * server's answer gives it: "Name is required", "Select a service", "City must be at most 100 characters",
 * "Query must not contain control characters"; anything else says the value is not valid (an email, a phone).
 */
export function problemOfMessage(message: string): InquiryProblem {
  if (/ is required$/.test(message) || message === 'Select a service') return 'required';
  if (/ must be at most \d+ characters$/.test(message)) return 'tooLong';
  if (/ must not contain control characters$/.test(message)) return 'controlCharacters';
  return 'invalid';
}

/** How a refused send is told: the answer's status and, from the server, its own words. */
export interface InquiryFailure {
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The server's message, when it sent one. */
  serverMessage?: string | undefined;
  /** The server's Retry-After, in seconds. */
  retryAfterSeconds?: number | undefined;
}

const SECONDS_PER_MINUTE = 60;

export function useInquiryMessages() {
  const copy = useCopy('contact');
  const challenge = useCopy('challenge');
  const locale = usePageLocale();
  return useMemo(() => {
    const inEnglish = locale === 'en';
    /** A field's message in the page's language. */
    const fieldMessage = (field: PostedInquiryField, english: string): string => {
      if (inEnglish) return english;
      const problem = problemOfMessage(english);
      const known: readonly string[] = FIELD_PROBLEMS[field];
      if (!known.includes(problem)) return copy('problems.unknown');
      const max = field === 'service' ? undefined : INQUIRY_LIMITS[field];
      return copy(
        `problems.${field}.${problem}` as never,
        max === undefined ? undefined : { max: String(max) },
      );
    };
    /**
     * Why a send was refused, for the whole form. A refused field's own message shows under it, so the
     * whole form's says only that fields are marked (it repeated the field's words before, issue 36).
     */
    const failureMessage = (failure: InquiryFailure, fieldsRefused = false): string => {
      if (fieldsRefused) return copy('failures.fieldsOnPage');
      if (inEnglish) return failure.serverMessage ?? copy('failures.other');
      switch (failure.status) {
        case 0:
          return copy('failures.network');
        case 400:
          return copy('failures.fieldsOnPage');
        case 413:
          return copy('failures.tooLarge');
        case 428:
          return failure.serverMessage === PROOF_OF_WORK_MESSAGES.refused
            ? challenge('refused')
            : challenge('required');
        case 429:
          return failure.retryAfterSeconds
            ? copy('failures.tooMany', {
                minutes: Math.max(1, Math.ceil(failure.retryAfterSeconds / SECONDS_PER_MINUTE)),
              })
            : copy('failures.tooManyLater');
        default:
          return copy('failures.other');
      }
    };
    return { fieldMessage, failureMessage };
  }, [copy, challenge, locale]);
}

/** The email field's example: an address, the same in every language. */
export const EMAIL_PLACEHOLDER = 'you@example.com';
