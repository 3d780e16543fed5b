import { Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buildChannelLink } from '../../../shared/rules/channel-links.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { useSiteSettings } from '../site-settings-data.ts';
import { Card } from './card.tsx';

// On the indigo panel the focus ring is white, to stay visible.
const PANEL_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

const TEXT_LINK =
  'rounded font-semibold text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A text page (terms, privacy, account deletion): its heading block, then its content. */
export function TextPage({
  heading,
  lead,
  children,
}: {
  heading: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <header className="pt-10 pb-8 sm:pt-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {heading}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-700">{lead}</p>
      </header>
      {children}
    </div>
  );
}

/**
 * "Questions?" with a mailto link to support and a link to the contact page, in the words of the page's
 * catalogue (its `support` heading, body and the two links' labels).
 */
export function SupportLinks({ catalogue }: { catalogue: 'privacy' | 'terms' }) {
  const copy = useCopy(catalogue);
  const localize = useLocalize();
  const emailHref = buildChannelLink('email', useSiteSettings().supportEmail);
  return (
    <Card
      headingId="support-heading"
      heading={copy('support.heading')}
      className="rounded-2xl bg-indigo-700 p-6 text-white shadow-lg shadow-indigo-900/10 sm:p-8"
      headingClassName="text-xl font-bold"
    >
      <p className="mt-2 text-white">{copy('support.body')}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {emailHref && (
          <a
            href={emailHref}
            className={`${PANEL_BUTTON} bg-white break-all text-indigo-800 hover:bg-indigo-50`}
          >
            <Mail aria-hidden="true" className="size-5 shrink-0" />
            {copy('support.emailLink')}
          </a>
        )}
        <Link
          to={localize('/contact')}
          className={`${PANEL_BUTTON} bg-indigo-900 text-white ring-1 ring-indigo-300 hover:bg-indigo-950`}
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          {copy('support.contactLink')}
        </Link>
      </div>
    </Card>
  );
}

/** A row of underlined links to other pages (paths in the page's language), below a card's text. */
export function TextLinks({
  links,
  className,
}: {
  links: readonly { to: string; label: string }[];
  /** The space above the row. */
  className: 'mt-3' | 'mt-4';
}) {
  return (
    <p className={`${className} flex flex-wrap gap-x-5 gap-y-2`}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={TEXT_LINK}>
          {link.label}
        </Link>
      ))}
    </p>
  );
}
