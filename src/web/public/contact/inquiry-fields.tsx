import { CircleCheck, LoaderCircle } from 'lucide-react';
import type { ChangeEventHandler, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { INQUIRY_SERVICES } from '../../../shared/rules/contact-inquiries.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import type { InquiryFormField } from './inquiry-form.ts';
import { EMAIL_PLACEHOLDER } from './inquiry-messages.ts';
import type { InquirySendingStatus } from './inquiry-sending.ts';

/** The look of every control of the form, and of the country code shown beside the phone. */
export const INQUIRY_FIELD_CLASS =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600';

/**
 * The form's one-line fields, two a row on wider screens (the name and the phone take a row each), with what
 * helps each get typed.
 */
const TEXT_INPUTS = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'phone', type: 'tel', inputMode: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false },
  { field: 'city', type: 'text', autoComplete: 'address-level2' },
] as const satisfies readonly ({ field: InquiryFormField } & InputHTMLAttributes<HTMLInputElement>)[];

/**
 * How a control holds what is typed: its value and a change handler, and the ref focus moves to. The server
 * renders the value (on the form's own page, the one it was posted with), which the browser keeps until the
 * form is live.
 */
export interface InquiryControlBinding {
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;
  ref?: Ref<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>;
}

export interface InquiryFieldsProps {
  /** Every control's id starts with it, unique on the page. */
  idPrefix: string;
  /** Each field's message, in the page's language. */
  errors: Partial<Record<InquiryFormField, string>>;
  bind: (field: InquiryFormField) => InquiryControlBinding;
  /**
   * The country code chosen beside the phone, with script. Without it the number is typed whole (a `+` and
   * its country code, or an Indian number), and the browser fills it in as such.
   */
  countryCode?: ReactNode;
  /** The honeypot's binding: people never see or reach it; a bot that fills it gets a fake success. */
  honeypot: InquiryControlBinding;
}

/**
 * The contact form's fields, labels, hints and messages: one component for the contact page's dialog and the
 * form's own page (posted without script, or sent by its island), so the two cannot drift apart.
 */
export function InquiryFields({ idPrefix, errors, bind, countryCode, honeypot }: InquiryFieldsProps) {
  const copy = useCopy('contact');
  const idOf = (field: InquiryFormField | 'website') => `${idPrefix}-${field}`;
  const hintOf = (field: InquiryFormField) =>
    field === 'phone' ? copy('form.fields.phone.hint') : undefined;
  const placeholderOf = (field: Exclude<InquiryFormField, 'service'>) =>
    field === 'email' ? EMAIL_PLACEHOLDER : copy(`form.fields.${field}.placeholder`);
  /** What every control carries: its name and what it holds, its message's ARIA and its look. */
  const controlProps = (field: InquiryFormField) => {
    const id = idOf(field);
    const error = errors[field];
    return {
      ...bind(field),
      id,
      name: field,
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : hintOf(field) ? `${id}-hint` : undefined,
      className: cx(INQUIRY_FIELD_CLASS, error ? 'border-red-600' : 'border-slate-300'),
    };
  };
  const labelled = (field: InquiryFormField, control: ReactNode, className?: string) => (
    <FieldLabel
      key={field}
      id={idOf(field)}
      label={copy(`form.fields.${field}.label`)}
      hint={hintOf(field)}
      error={errors[field]}
      className={className}
    >
      {control}
    </FieldLabel>
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_INPUTS.map(({ field, ...attributes }) => {
          const input = (
            <input
              {...controlProps(field)}
              {...attributes}
              {...(field === 'phone' ? { autoComplete: countryCode ? 'tel-national' : 'tel' } : {})}
              placeholder={placeholderOf(field)}
            />
          );
          if (field !== 'phone' || !countryCode)
            return labelled(field, input, cx((field === 'name' || field === 'phone') && 'sm:col-span-2'));
          return labelled(
            field,
            <div className="flex gap-2">
              {countryCode}
              <div className="min-w-0 flex-1">{input}</div>
            </div>,
            'sm:col-span-2',
          );
        })}
      </div>
      {labelled(
        'service',
        <select {...controlProps('service')}>
          <option value="">{copy('form.fields.service.placeholder')}</option>
          {INQUIRY_SERVICES.map((service) => (
            <option key={service} value={service}>
              {copy(`services.${service}.title`)}
            </option>
          ))}
        </select>,
      )}
      {labelled(
        'query',
        <textarea {...controlProps('query')} rows={4} placeholder={placeholderOf('query')} />,
      )}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={idOf('website')}>{copy('form.honeypotLabel')}</label>
        <input
          {...honeypot}
          id={idOf('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
    </>
  );
}

function FieldLabel({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint: string | undefined;
  error: string | undefined;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The form's send button: disabled while sending, when it says what it is doing. Without script it is always
 * `idle`, and posts the form.
 */
export function InquirySendButton({
  ref,
  status,
}: {
  ref?: Ref<HTMLButtonElement>;
  status: InquirySendingStatus;
}) {
  const copy = useCopy('contact');
  const challenge = useCopy('challenge');
  const sending = status !== 'idle';
  return (
    <button
      ref={ref}
      type="submit"
      disabled={sending}
      className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-indigo-700 px-4 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:bg-indigo-500"
    >
      {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
      {status === 'checking' ? challenge('checking') : sending ? copy('form.sending') : copy('form.submit')}
    </button>
  );
}

/** The thanks once an inquiry is sent: a tick, a heading and what happens next, and what `children` adds. */
export function InquirySent({
  headingId,
  headingLevel: Heading,
  children,
}: {
  headingId: string;
  headingLevel: 'h2' | 'h3';
  children?: ReactNode;
}) {
  const copy = useCopy('contact');
  return (
    <>
      <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CircleCheck aria-hidden="true" className="size-9" />
      </span>
      <Heading id={headingId} className="mt-5 text-xl font-bold text-slate-900">
        {copy('form.successHeading')}
      </Heading>
      <p id={`${headingId}-body`} className="mt-2 text-slate-700">
        {copy('form.successBody')}
      </p>
      {children}
    </>
  );
}
