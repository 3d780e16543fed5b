import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { INQUIRY_SERVICES } from '../../../shared/rules/contact-inquiries.ts';
import type { PostedInquiryField } from '../../../shared/web-render.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { serverDataContext } from '../../server-context.ts';
import { InquiryFields, InquirySent } from '../contact/inquiry-fields.tsx';
import { useInquiryMessages } from '../contact/inquiry-messages.ts';
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
          <InquirySent headingId="sent-heading" headingLevel="h2">
            <p role="status" className="mt-2 text-slate-700">
              {copy('form.sent')}
            </p>
            <Link
              to={localize('/contact')}
              className="mt-6 font-semibold text-indigo-700 underline underline-offset-2"
            >
              {copy('form.backToContact')}
            </Link>
          </InquirySent>
        </section>
      </div>
    );
  }

  const refused = posted?.status === 'refused' ? posted : null;
  const sentValue = (field: PostedInquiryField) =>
    refused ? refused.values[field] : field === 'service' ? service : '';
  const errors = Object.fromEntries(
    Object.entries(refused?.errors ?? {}).map(([name, message]) => [
      name,
      fieldMessage(name as PostedInquiryField, message),
    ]),
  );

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
        <InquiryFields
          idPrefix="inquiry"
          errors={errors}
          bind={(name) => ({ defaultValue: sentValue(name) })}
          honeypot={{ defaultValue: '' }}
        />
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
