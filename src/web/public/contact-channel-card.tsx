import { ExternalLink } from 'lucide-react';
import { buildChannelLink } from '../../shared/channel-links.ts';
import { CONTACT_CHANNEL_LABELS } from '../../shared/contact-channel-types.ts';
import type { PublicContactChannel } from '../../shared/contact-channels.ts';
import { CONTACT_COPY } from '../content/pages.ts';

function isWebLink(href: string): boolean {
  return href.startsWith('https:') || href.startsWith('http:');
}

/** One published channel: its kind, its value, and the link built by the one shared link builder. */
export function ContactChannelCard({ channel }: { channel: PublicContactChannel }) {
  const label = CONTACT_CHANNEL_LABELS[channel.type];
  const href = buildChannelLink(channel.type, channel.value);
  const external = href !== null && isWebLink(href);
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{label}</h3>
      <p className="mt-1 text-lg font-medium break-words text-slate-900">{channel.value}</p>
      {href !== null && (
        <a
          href={href}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          className="mt-4 inline-flex items-center gap-1.5 self-start rounded-full bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {CONTACT_COPY.channelActions[channel.type]}
          {external && (
            <>
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only"> {CONTACT_COPY.opensInNewTab}</span>
            </>
          )}
        </a>
      )}
    </article>
  );
}
