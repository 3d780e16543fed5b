import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { INQUIRY_SERVICES } from '../../../shared/rules/contact-inquiries.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { serverDataContext } from '../../server-context.ts';
import {
  CONTACT_MESSAGE_PATH,
  ContactMessageForm,
  type ContactMessageFormProps,
} from '../contact/contact-message-form.tsx';
import { IslandRoot } from '../island-root.tsx';
import type { PublicRouteHandle } from '../page-head.ts';

export const handle: PublicRouteHandle = {
  head: ({ copy }) => ({
    title: copy('contact', 'messagePageMeta.title'),
    description: copy('contact', 'messagePageMeta.description'),
    path: CONTACT_MESSAGE_PATH,
  }),
};

/**
 * The answer to a form just posted without script, if it was; `service` preselects what a service tile chose.
 * The form's island hydrates with what the server put in its root (decision 062).
 */
export function contactMessageLoader({ context, request }: LoaderFunctionArgs): ContactMessageFormProps {
  const service = new URL(request.url).searchParams.get('service') ?? '';
  return {
    posted: serverDataContext(context).postedInquiry ?? null,
    service: (INQUIRY_SERVICES as readonly string[]).includes(service) ? service : '',
  };
}

/**
 * /contact/message: the contact form as a page of its own, for browsers without script and for a visitor
 * whose contact page could not fetch the form's island. The form is the page's island (decision 062).
 */
export function ContactMessagePage() {
  const props = useLoaderData<typeof contactMessageLoader>();
  const copy = useCopy('contact');
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy('form.title')}</h1>
      <IslandRoot island="contact-message" props={props}>
        <ContactMessageForm {...props} />
      </IslandRoot>
    </div>
  );
}
