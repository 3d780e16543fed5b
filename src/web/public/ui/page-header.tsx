import { Mail, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buildChannelLink } from '../../../shared/rules/channel-links.ts';

// On the indigo panel the focus ring is white, to stay visible.
const PANEL_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The heading block at the top of a text page (terms, privacy). */
export function PageHeader({ heading, lead }: { heading: string; lead: string }) {
  return (
    <header className="pt-10 pb-8 sm:pt-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {heading}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-700">{lead}</p>
    </header>
  );
}

/** "Questions?" with a mailto link to support and a link to the contact page. */
export function SupportLinks({
  heading,
  body,
  email,
  emailLabel,
  contactLabel,
}: {
  heading: string;
  body: string;
  email: string;
  emailLabel: string;
  contactLabel: string;
}) {
  const emailHref = buildChannelLink('email', email);
  return (
    <section
      aria-labelledby="support-heading"
      className="rounded-2xl bg-indigo-700 p-6 text-white shadow-lg shadow-indigo-900/10 sm:p-8"
    >
      <h2 id="support-heading" className="text-xl font-bold">
        {heading}
      </h2>
      <p className="mt-2 text-indigo-100">{body}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {emailHref && (
          <a
            href={emailHref}
            className={`${PANEL_BUTTON} bg-white break-all text-indigo-800 hover:bg-indigo-50`}
          >
            <Mail aria-hidden="true" className="size-5 shrink-0" />
            {emailLabel}
          </a>
        )}
        <Link
          to="/contact"
          className={`${PANEL_BUTTON} bg-indigo-900 text-white ring-1 ring-indigo-300 hover:bg-indigo-950`}
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          {contactLabel}
        </Link>
      </div>
    </section>
  );
}
