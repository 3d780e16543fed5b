import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import type { PublicContactChannel } from '../../../shared/contact-channels.ts';
import { CONTACT_COPY } from '../../content/pages.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { serverDataContext } from '../../server-context.ts';
import { ContactChannelCard } from '../contact-channel-card.tsx';

export async function contactLoader({ context, request }: LoaderFunctionArgs) {
  const server = serverDataContext(context);
  const contacts = server
    ? await server.activeContacts()
    : // The server's response schema already fixes this shape; public pages ship no schema library.
      (
        await apiRequest<{ contacts: PublicContactChannel[] }>('/api/contacts/active', {
          signal: request.signal,
        })
      ).contacts;
  return { contacts };
}

export function ContactPage() {
  const { contacts } = useLoaderData<typeof contactLoader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{CONTACT_COPY.heading}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{CONTACT_COPY.lead}</p>
      <section aria-labelledby="channels-heading" className="mt-10">
        <h2 id="channels-heading" className="text-xl font-semibold text-slate-900">
          {CONTACT_COPY.channelsHeading}
        </h2>
        {contacts.length === 0 ? (
          <p className="mt-4 text-slate-700">{CONTACT_COPY.noChannels}</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {contacts.map((channel) => (
              <li key={channel._id}>
                <ContactChannelCard channel={channel} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
