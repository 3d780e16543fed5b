import { useCallback, useEffect, useRef, useState } from 'react';
import {
  challengeOf,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_STATUS,
} from '../../../shared/rules/proof-of-work.ts';
import { usePageLocale } from '../../i18n/copy.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { sendWithProofOfWork } from '../../lib/proof-of-work.ts';
import {
  firstInvalidField,
  formFieldErrors,
  type InquiryFieldErrors,
  type InquiryFormField,
  type InquiryFormValues,
} from './inquiry-form.ts';
import { useInquiryMessages } from './inquiry-messages.ts';

/**
 * The form's check (inquiry-form-check.ts, with the schema library), fetched once a person starts typing:
 * the form comes to life without it (decision 062). A failed fetch is tried again on sending.
 */
let formCheck: Promise<typeof import('./inquiry-form-check.ts')> | undefined;
function loadFormCheck() {
  formCheck ??= import('./inquiry-form-check.ts').catch((error: unknown) => {
    formCheck = undefined;
    throw error;
  });
  return formCheck;
}

/** `checking`: the browser solves a proof of work the server asked for, then sends again. */
export type InquirySendingStatus = 'idle' | 'submitting' | 'checking';

/**
 * What became of a send: sent, or not, with what to say of the form as a whole in the page's language (none
 * when only fields are marked).
 */
export type InquirySendOutcome = { sent: true } | { sent: false; failure?: string };

/** What takes the focus after a send: the first field with a message, or the send button after a refusal. */
type FocusTarget = InquiryFormField | 'submit';

/**
 * Sending an inquiry with script, for both forms that have script: the contact page's dialog and the form's
 * own page once its island is live (decision 062). It keeps each field's message (the check's, then the
 * server's, in the page's language), the send's status and where focus goes after it; the form keeps what is
 * typed, and binds its controls with `fieldRef` and its send button with `submitRef`.
 */
export function useInquirySending(initialErrors: InquiryFieldErrors = {}) {
  const locale = usePageLocale();
  const { fieldMessage, failureMessage } = useInquiryMessages();
  const [errors, setErrors] = useState<InquiryFieldErrors>(initialErrors);
  const [status, setStatus] = useState<InquirySendingStatus>('idle');
  const fields = useRef<Partial<Record<InquiryFormField, HTMLElement | null>>>({});
  const submitRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the next render is on screen. */
  const pendingFocus = useRef<FocusTarget | null>(null);

  const focus = useCallback(
    (target: FocusTarget) => (target === 'submit' ? submitRef.current : fields.current[target])?.focus(),
    [],
  );
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    focus(target);
  });
  const fieldRef = (field: InquiryFormField) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };

  /** The schema's and the server's English messages, in the page's language. */
  const inPageLanguage = (english: InquiryFieldErrors): InquiryFieldErrors =>
    Object.fromEntries(
      Object.entries(english).map(([field, message]) => [
        field,
        message === undefined ? undefined : fieldMessage(field as InquiryFormField, message),
      ]),
    );

  /** A field's message goes when the field is edited; the country code is part of the phone. */
  const clearError = useCallback((field: keyof InquiryFormValues) => {
    if (field === 'countryCode') setErrors((current) => ({ ...current, phone: undefined }));
    else if (field !== 'website') setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  /** A person is typing: the check is fetched now, and the field's message goes. */
  const edited = (field: keyof InquiryFormValues) => {
    loadFormCheck().catch(() => {});
    clearError(field);
  };

  const send = async (values: InquiryFormValues): Promise<InquirySendOutcome> => {
    const checked = await loadFormCheck().then(
      ({ checkInquiryForm }) => checkInquiryForm(values),
      () => null,
    );
    if (!checked) {
      // The check could not be fetched: the connection is down, and sending would fail as well.
      return { sent: false, failure: failureMessage({ status: 0 }) };
    }
    if (!checked.success) {
      const checkErrors = inPageLanguage(checked.errors);
      setErrors(checkErrors);
      pendingFocus.current = firstInvalidField(checkErrors) ?? null;
      return { sent: false };
    }
    setErrors({});
    setStatus('submitting');
    // A busy connection is asked to prove it is a person: the form keeps what was typed meanwhile.
    const error = await sendWithProofOfWork(
      (proof) =>
        apiRequest('/api/contact-inquiries', {
          method: 'POST',
          // The team's reply (the WhatsApp greeting) will be in the language of this page.
          body: { ...checked.inquiry, language: locale },
          ...(proof ? { headers: { [PROOF_OF_WORK_HEADER]: proof } } : {}),
        }).then(
          () => undefined,
          (failure: unknown) => failure,
        ),
      (failure) =>
        failure instanceof ApiRequestError && failure.status === PROOF_OF_WORK_STATUS
          ? challengeOf(failure.body)
          : undefined,
      () => setStatus('checking'),
    );
    setStatus('idle');
    if (error === undefined) return { sent: true };
    // Everything typed stays in the form, so the person can correct it or simply try again.
    const serverErrors = inPageLanguage(
      error instanceof ApiRequestError ? formFieldErrors(error.fieldErrors) : {},
    );
    setErrors(serverErrors);
    const first = firstInvalidField(serverErrors);
    pendingFocus.current = first ?? 'submit';
    const failure =
      error instanceof ApiRequestError
        ? {
            status: error.status,
            serverMessage: error.hasServerMessage ? error.message : undefined,
            retryAfterSeconds: error.retryAfterSeconds,
          }
        : // Not an answer of the server's: a failure on our side.
          { status: 500 };
    return { sent: false, failure: failureMessage(failure, first !== undefined) };
  };

  return {
    errors,
    status,
    sending: status !== 'idle',
    clearError,
    edited,
    send,
    fieldRef,
    submitRef,
    focus,
  };
}
