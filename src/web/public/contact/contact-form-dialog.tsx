import { ChevronDown, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { InquiryService } from '../../../shared/rules/contact-inquiries.ts';
import { COUNTRY_CODES } from '../../../shared/rules/mobile-numbers.ts';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { INQUIRY_FIELD_CLASS, InquiryFields, InquirySendButton, InquirySent } from './inquiry-fields.tsx';
import { EMPTY_INQUIRY_FORM, type InquiryFormField, type InquiryFormValues } from './inquiry-form.ts';
import { useInquirySending } from './inquiry-sending.ts';
import { ToastRegion, usePublicToast } from './public-toast.tsx';

/** The countries' names are keyed by their calling codes without the `+`. */
type CountryKey = keyof Catalogues['countries'];

/** How long the success panel shows before the dialog closes: 3 s. */
const CONTACT_SUCCESS_CLOSE_DELAY_MS = 3000;

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
  const countries = useCopy('countries');
  const { toast, showToast, dismissToast } = usePublicToast();
  const inquiry = useInquirySending();
  const { errors, sending, clearError, edited } = inquiry;
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const successRef = useRef<HTMLElement>(null);
  const [values, setValues] = useState<InquiryFormValues>(EMPTY_INQUIRY_FORM);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inquiry.focus('name');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, inquiry.focus]);

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
    clearError('service');
  }, [request, clearError]);

  useEffect(() => {
    if (!sent) return;
    successRef.current?.focus();
    const timer = setTimeout(() => dialogRef.current?.close(), CONTACT_SUCCESS_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const change = (field: keyof InquiryFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A message stays until its field is edited, so the person can see what to fix.
    edited(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const outcome = await inquiry.send(values);
    if (!outcome.sent) {
      if (outcome.failure) showToast('error', outcome.failure);
      return;
    }
    setValues(EMPTY_INQUIRY_FORM);
    // The success panel alone says it, and takes the focus: a toast as well repeated it twice (issue 36).
    dismissToast();
    setSent(true);
  };

  const onDialogClose = () => {
    setSent(false);
    onClose();
  };

  /** With script, each control holds its value here, and takes the focus when it has a message. */
  const bind = (field: InquiryFormField) => ({
    ref: inquiry.fieldRef(field),
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
        aria-describedby={sent ? undefined : `${id}-description`}
        onClose={onDialogClose}
        className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div>
            <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
              {copy('form.title')}
            </h2>
            {!sent && (
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

        {sent ? (
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
            <InquirySendButton ref={inquiry.submitRef} status={inquiry.status} />
          </form>
        )}
      </dialog>
    </>
  );
}
