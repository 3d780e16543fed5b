import { CircleCheck } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { INQUIRY_SERVICES } from '../../../shared/rules/contact-inquiries.ts';
import type { PostedInquiryField } from '../../../shared/web-render.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { serverDataContext } from '../../server-context.ts';
import { EMAIL_PLACEHOLDER, useInquiryMessages } from '../contact/inquiry-messages.ts';
import type { PublicRouteHandle } from '../page-head.ts';

const PAGE_PATH = '/contact/message';

export const handle: PublicRouteHandle = {
  head: ({ copy }) => ({
    title: copy('contact', 'messagePageMeta.title'),
    description: copy('contact', 'messagePageMeta.description'),
    path: PAGE_PATH,
  }),
};

/** On the server, the answer to a form just posted; `service` preselects what a service tile chose. */
export function contactMessageLoader({ context, request }: LoaderFunctionArgs) {
  const service = new URL(request.url).searchParams.get('service') ?? '';
  return {
    posted: serverDataContext(context)?.postedInquiry ?? null,
    service: (INQUIRY_SERVICES as readonly string[]).includes(service) ? service : '',
  };
}

const TEXT_INPUTS = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false },
  { field: 'city', type: 'text', autoComplete: 'address-level2' },
] as const satisfies readonly ({ field: PostedInquiryField } & InputHTMLAttributes<HTMLInputElement>)[];

const FIELD_CLASS =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600';

/**
 * The contact form as a plain page: a native form posted to this address, which the server checks with
 * the API's schema and answers with this page again (thanks, or the form as sent with each field's
 * problem). It needs no script; with script, visitors use the contact page's dialog instead.
 */
export function ContactMessagePage() {
  const { posted, service } = useLoaderData<typeof contactMessageLoader>();
  const copy = useCopy('contact');
  const localize = useLocalize();
  const { fieldMessage, failureMessage } = useInquiryMessages();

  if (posted?.status === 'sent') {
    return (
      <div className="mx-auto max-w-lg px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy('form.title')}</h1>
        <section
          aria-labelledby="sent-heading"
          className="mt-8 flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
            <CircleCheck aria-hidden="true" className="size-9" />
          </span>
          <h2 id="sent-heading" className="mt-5 text-xl font-bold text-slate-900">
            {copy('form.successHeading')}
          </h2>
          <p className="mt-2 text-slate-700">{copy('form.successBody')}</p>
          <p role="status" className="mt-2 text-slate-700">
            {copy('form.sent')}
          </p>
          <Link
            to={localize('/contact')}
            className="mt-6 font-semibold text-indigo-700 underline underline-offset-2"
          >
            {copy('form.backToContact')}
          </Link>
        </section>
      </div>
    );
  }

  const refused = posted?.status === 'refused' ? posted : null;
  const sentValue = (field: PostedInquiryField) =>
    refused ? refused.values[field] : field === 'service' ? service : '';
  const field = (name: PostedInquiryField, control: (props: ControlProps) => ReactNode) => {
    const id = `inquiry-${name}`;
    const sentError = refused?.errors[name];
    const error = sentError === undefined ? undefined : fieldMessage(name, sentError);
    const hint = name === 'phone' ? copy('form.fields.phone.hint') : undefined;
    return (
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {copy(`form.fields.${name}.label`)}
        </label>
        {control({
          id,
          name,
          defaultValue: sentValue(name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
          className: cx(FIELD_CLASS, error ? 'border-red-600' : 'border-slate-300'),
        })}
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
  };

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy('form.title')}</h1>
      <p className="mt-3 text-slate-700">{copy('form.description')}</p>
      {refused && (
        <p
          role="alert"
          className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          {failureMessage({
            status: refused.httpStatus,
            serverMessage: refused.message,
            retryAfterSeconds: refused.retryAfterSeconds,
          })}
        </p>
      )}
      {/* The server checks every field (the same schema as the API), so the browser's own checks stay off. */}
      <form method="post" action={localize(PAGE_PATH)} noValidate className="mt-6 space-y-4">
        {TEXT_INPUTS.map(({ field: name, ...attributes }) => (
          <div key={name}>
            {field(name, (props) => (
              <input
                {...props}
                {...attributes}
                required
                placeholder={name === 'email' ? EMAIL_PLACEHOLDER : copy(`form.fields.${name}.placeholder`)}
              />
            ))}
          </div>
        ))}
        {field('service', (props) => (
          <select {...props} required>
            <option value="">{copy('form.fields.service.placeholder')}</option>
            {INQUIRY_SERVICES.map((value) => (
              <option key={value} value={value}>
                {copy(`services.${value}.title`)}
              </option>
            ))}
          </select>
        ))}
        {field('query', (props) => (
          <textarea {...props} required rows={5} placeholder={copy('form.fields.query.placeholder')} />
        ))}
        {/* Honeypot: people never see or reach it; a bot that fills it gets a fake success. */}
        <div aria-hidden="true" className="sr-only">
          <label htmlFor="inquiry-website">{copy('form.honeypotLabel')}</label>
          <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-indigo-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {copy('form.submit')}
        </button>
      </form>
    </div>
  );
}

interface ControlProps {
  id: string;
  name: PostedInquiryField;
  defaultValue: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}
