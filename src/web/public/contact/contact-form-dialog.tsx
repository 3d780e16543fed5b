import { ChevronDown, LoaderCircle, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { InquiryService } from '../../../shared/rules/contact-inquiries.ts';
import { COUNTRY_CODES } from '../../../shared/rules/mobile-numbers.ts';
import {
  challengeOf,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_STATUS,
} from '../../../shared/rules/proof-of-work.ts';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { sendWithProofOfWork } from '../../lib/proof-of-work.ts';
import { INQUIRY_FIELD_CLASS, InquiryFields, InquirySent } from './inquiry-fields.tsx';
import {
  EMPTY_INQUIRY_FORM,
  firstInvalidField,
  formFieldErrors,
  type InquiryFieldErrors,
  type InquiryFormField,
  type InquiryFormValues,
} from './inquiry-form.ts';
import { useInquiryMessages } from './inquiry-messages.ts';
import { ToastRegion, usePublicToast } from './public-toast.tsx';

/** The countries' names are keyed by their calling codes without the `+`. */
type CountryKey = keyof Catalogues['countries'];

/** How long the success panel shows before the dialog closes: 3 s. */
const CONTACT_SUCCESS_CLOSE_DELAY_MS = 3000;

/**
 * The form's check (inquiry-form-check.ts, with the schema library), fetched once a person starts typing:
 * the dialog opens without it. A failed fetch is tried again on sending.
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
type FormStatus = 'filling' | 'submitting' | 'checking' | 'sent';

export interface ContactFormRequest {
  /** Grows with every opening, so choosing the same service tile twice still applies it. */
  id: number;
  /** The service chosen from a tile, or null when the form was opened without one. */
  service: InquiryService | null;
}

export interface ContactFormDialogProps {
  open: boolean;
  request: ContactFormRequest;
  onClose: () => void;
}

/**
 * The contact form in a native modal <dialog>: the browser traps focus, closes it with Escape and gives
 * focus back to the button that opened it, without a dialog library on a public page.
 *
 * The page loads this module when a visitor reaches for the form, and keeps it mounted from then on, so what
 * was typed survives closing the dialog. Its toasts (the only ones on the contact page) live here too: one
 * region on the page and one inside the dialog, because a modal dialog makes the rest of the page inert.
 */
export function ContactFormDialog({ open, request, onClose }: ContactFormDialogProps) {
  const copy = useCopy('contact');
  const challenge = useCopy('challenge');
  const countries = useCopy('countries');
  const locale = usePageLocale();
  const { fieldMessage, failureMessage } = useInquiryMessages();
  const { toast, showToast, dismissToast } = usePublicToast();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const successRef = useRef<HTMLElement>(null);
  const fieldRefs = useRef<Partial<Record<InquiryFormField, HTMLElement | null>>>({});
  const submitRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the next render is on screen (a field with a message, or the send button). */
  const pendingFocus = useRef<InquiryFormField | 'submit' | null>(null);
  const [values, setValues] = useState<InquiryFormValues>(EMPTY_INQUIRY_FORM);
  const [errors, setErrors] = useState<InquiryFieldErrors>({});
  const [status, setStatus] = useState<FormStatus>('filling');
  const registerField = (field: InquiryFormField) => (element: HTMLElement | null) => {
    fieldRefs.current[field] = element;
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      fieldRefs.current.name?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // The page behind a modal stays put while the dialog scrolls.
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('overflow-hidden');
    return () => document.documentElement.classList.remove('overflow-hidden');
  }, [open]);

  useEffect(() => {
    const service = request.service;
    if (!service) return;
    setValues((current) => ({ ...current, service }));
    setErrors((current) => ({ ...current, service: undefined }));
  }, [request]);

  useEffect(() => {
    if (status !== 'sent') return;
    successRef.current?.focus();
    const timer = setTimeout(() => dialogRef.current?.close(), CONTACT_SUCCESS_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    (target === 'submit' ? submitRef.current : fieldRefs.current[target])?.focus();
  });

  const change = (field: keyof InquiryFormValues, value: string) => {
    loadFormCheck().catch(() => {});
    setValues((current) => ({ ...current, [field]: value }));
    // A message stays until its field is edited, so the person can see what to fix; the country code is
    // part of the phone.
    if (field === 'countryCode') setErrors((current) => ({ ...current, phone: undefined }));
    else if (field !== 'website') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The schema's and the server's English messages, in the page's language. */
  const inPageLanguage = (english: InquiryFieldErrors): InquiryFieldErrors =>
    Object.fromEntries(
      Object.entries(english).map(([field, message]) => [
        field,
        message === undefined ? undefined : fieldMessage(field as InquiryFormField, message),
      ]),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting' || status === 'checking') return;
    const checked = await loadFormCheck().then(
      ({ checkInquiryForm }) => checkInquiryForm(values),
      () => null,
    );
    if (!checked) {
      // The check could not be fetched: the connection is down, and sending would fail as well.
      showToast('error', failureMessage({ status: 0 }));
      return;
    }
    if (!checked.success) {
      setErrors(inPageLanguage(checked.errors));
      pendingFocus.current = firstInvalidField(checked.errors) ?? null;
      return;
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
    if (error !== undefined) {
      // Everything typed stays in the form, so the person can correct it or simply try again.
      setStatus('filling');
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
      showToast('error', failureMessage(failure, first !== undefined));
      return;
    }
    setValues(EMPTY_INQUIRY_FORM);
    // The success panel alone says it, and takes the focus: a toast as well repeated it twice (issue 36).
    dismissToast();
    setStatus('sent');
  };

  const onDialogClose = () => {
    if (status === 'sent') setStatus('filling');
    onClose();
  };

  const sending = status === 'submitting' || status === 'checking';
  /** With script, each control holds its value here, and takes the focus when it has a message. */
  const bind = (field: InquiryFormField) => ({
    ref: registerField(field),
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      change(field, event.target.value),
  });
  /*
   * Narrow: the closed select shows only the code (the list names the countries), so the number keeps most
   * of the row. The select itself is invisible on top of what it shows.
   */
  const countryCode = (
    <div className="relative w-24 shrink-0">
      <select
        aria-label={copy('form.fields.phone.countryCode')}
        name="countryCode"
        autoComplete="tel-country-code"
        value={values.countryCode}
        onChange={(event) => change('countryCode', event.target.value)}
        className="peer absolute inset-0 size-full cursor-pointer opacity-0"
      >
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {code} {countries(code.slice(1) as CountryKey)}
          </option>
        ))}
      </select>
      <span
        aria-hidden="true"
        className={cx(
          INQUIRY_FIELD_CLASS,
          'pointer-events-none flex items-center justify-between gap-1 border-slate-300',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-600',
        )}
      >
        {values.countryCode}
        <ChevronDown className="size-4 shrink-0 text-slate-500" />
      </span>
    </div>
  );

  return (
    <>
      <ToastRegion toast={toast} dismissLabel={copy('form.dismissToast')} onDismiss={dismissToast} />
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-title`}
        aria-describedby={status === 'sent' ? undefined : `${id}-description`}
        onClose={onDialogClose}
        className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div>
            <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
              {copy('form.title')}
            </h2>
            {status !== 'sent' && (
              <p id={`${id}-description`} className="mt-1 text-sm text-slate-600">
                {copy('form.description')}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            aria-label={copy('form.close')}
            className="-mt-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>

        <ToastRegion
          toast={toast}
          dismissLabel={copy('form.dismissToast')}
          onDismiss={dismissToast}
          inDialog
        />

        {status === 'sent' ? (
          // Focus moves to the panel, so a screen reader reads its heading and its words at once.
          <section
            ref={successRef}
            tabIndex={-1}
            aria-labelledby={`${id}-sent-heading`}
            aria-describedby={`${id}-sent-heading-body`}
            className="flex flex-col items-center px-6 py-12 text-center focus:outline-none"
          >
            <InquirySent headingId={`${id}-sent-heading`} headingLevel="h3" />
          </section>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4 px-5 py-5 sm:px-6">
            <InquiryFields
              idPrefix={id}
              errors={errors}
              bind={bind}
              countryCode={countryCode}
              honeypot={{
                value: values.website,
                onChange: (event) => change('website', event.target.value),
              }}
            />
            <button
              ref={submitRef}
              type="submit"
              disabled={sending}
              className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-indigo-700 px-4 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:bg-indigo-500"
            >
              {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
              {status === 'checking'
                ? challenge('checking')
                : sending
                  ? copy('form.sending')
                  : copy('form.submit')}
            </button>
          </form>
        )}
      </dialog>
    </>
  );
}
