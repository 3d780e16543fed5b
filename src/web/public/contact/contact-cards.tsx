import {
  Camera,
  ExternalLink,
  Globe,
  type LucideIcon,
  Mail,
  MessageCircle,
  Phone,
  Send,
  ThumbsUp,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicContactChannel } from '../../../shared/contracts/contact-channels.ts';
import {
  buildChannelLink,
  channelClickPath,
  routedChannelPath,
} from '../../../shared/rules/channel-links.ts';
import { CONTACT_CHANNEL_LABELS, type ContactChannelType } from '../../../shared/rules/contact-channels.ts';
import { localizedText } from '../../../shared/rules/localized-text.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { OPEN_STATUS_DATA, type OpenMomentWords } from '../open-status-data.ts';
import { OpenStatusLine } from './open-status.tsx';

interface ChannelLook {
  icon: LucideIcon;
  /** The icon's colours. */
  tone: string;
  /** The button's colours. */
  action: string;
}

// lucide ships no brand logos, so each network gets a neutral symbol and a brand-like colour. The channels
// without a card of their own share one look: every icon is script the page downloads.
const LOOKS: Partial<Record<ContactChannelType, ChannelLook>> = {
  whatsapp: {
    icon: MessageCircle,
    tone: 'bg-green-100 text-green-700',
    action: 'bg-green-800 hover:bg-green-900',
  },
  phone: { icon: Phone, tone: 'bg-blue-100 text-blue-700', action: 'bg-blue-800 hover:bg-blue-900' },
  telegram: { icon: Send, tone: 'bg-sky-100 text-sky-700', action: 'bg-sky-800 hover:bg-sky-900' },
  instagram: { icon: Camera, tone: 'bg-pink-100 text-pink-700', action: 'bg-pink-800 hover:bg-pink-900' },
  facebook: { icon: ThumbsUp, tone: 'bg-blue-100 text-blue-800', action: 'bg-blue-800 hover:bg-blue-900' },
  email: { icon: Mail, tone: 'bg-slate-200 text-slate-700', action: 'bg-indigo-700 hover:bg-indigo-800' },
};
const OTHER_LOOK: ChannelLook = {
  icon: Globe,
  tone: 'bg-indigo-100 text-indigo-700',
  action: 'bg-indigo-700 hover:bg-indigo-800',
};

/** The kinds of channel with a card of their own; the others share the `other` card, named after their kind. */
const CARD_TYPES = ['whatsapp', 'phone', 'telegram', 'instagram', 'facebook'] as const;
type CardType = (typeof CARD_TYPES)[number];

/** The kinds whose name is a word to translate; the others are brands, named the same in every language. */
const TRANSLATED_NAMES = ['phone', 'email', 'withdrawal_proof', 'website'] as const;
type TranslatedName = (typeof TRANSLATED_NAMES)[number];

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function actionClassName(colours = 'bg-indigo-700 hover:bg-indigo-800'): string {
  return cx(
    'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    colours,
  );
}

/** A web address reads better without its scheme: "facebook.com/page" rather than "https://facebook.com/page". */
function displayValue(value: string): string {
  return value.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}

interface ContactCardProps {
  icon: LucideIcon;
  iconTone: string;
  title: string;
  badge?: string;
  /** The number or handle, shown large so it can be read out or copied. */
  value?: string;
  description?: string;
  action: ReactNode;
  /**
   * What the opening hours say now (decision 074): the badge shows only while open, the card says so in a line,
   * and, with `resumes`, its description gives way to when replies resume while closed.
   */
  openNow?: OpenMomentWords | undefined;
  resumes?: boolean;
}

/** One way to reach the team: what it is, its number or handle, and the button that opens it. */
export function ContactCard({
  icon: Icon,
  iconTone,
  title,
  badge,
  value,
  description,
  action,
  openNow,
  resumes = false,
}: ContactCardProps) {
  // Elements that follow the state, through their `data-[open=…]:` classes, as the page script changes it.
  const followsState = openNow ? { [OPEN_STATUS_DATA.state]: openNow.state } : {};
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <span
          aria-hidden="true"
          className={cx('flex size-12 items-center justify-center rounded-xl', iconTone)}
        >
          <Icon className="size-6" />
        </span>
        {badge && (
          <span
            {...followsState}
            className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-2.5 py-1 text-xs font-semibold text-green-900 ring-1 ring-green-200 data-[open=closed]:hidden"
          >
            <span aria-hidden="true" className="size-2 rounded-full bg-green-500" />
            {badge}
          </span>
        )}
      </div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      {value && (
        <div className="mt-1 text-xl font-bold break-words text-slate-900">{displayValue(value)}</div>
      )}
      {openNow && <OpenStatusLine moment={openNow} className="mt-2" />}
      <p {...followsState} className="mt-1 flex-1 text-sm text-slate-600 data-[open=closed]:hidden">
        {description}
      </p>
      {openNow && resumes && (
        <p
          {...followsState}
          {...{ [OPEN_STATUS_DATA.resume]: '' }}
          className="mt-1 hidden flex-1 text-sm text-slate-700 data-[open=closed]:block"
        >
          {openNow.resume}
        </p>
      )}
      <div className="mt-5">{action}</div>
    </article>
  );
}

/**
 * A published channel as a card, its link built by the one shared link builder (`buildChannelLink`) and
 * reached through our counted link. Web links open in a new tab and say so; a value that makes no safe link
 * is still shown, without a button.
 */
export function ChannelCard({
  channel,
  openNow,
  main = false,
  source,
}: {
  channel: PublicContactChannel;
  /** The poster the visitor came from: the counted link carries its tag (decision 077). */
  source?: string | undefined;
  /**
   * The business's main WhatsApp or call channel (the first of its type): its button goes through the routed
   * link, to a team member on duty (decision 076).
   */
  main?: boolean;
  /** What the opening hours say now, for a site that keeps them as data: the WhatsApp and call cards follow it. */
  openNow?: OpenMomentWords | undefined;
}) {
  const copy = useCopy('contact');
  const { type, value } = channel;
  // The owner's own description, when they show it on the card, in the page's language.
  const ownDescription = localizedText(usePageLocale(), channel.proof ?? '', channel.proofHi);
  const look = LOOKS[type] ?? OTHER_LOOK;
  const name = isOneOf<TranslatedName>(TRANSLATED_NAMES, type)
    ? copy(`channelNames.${type}`)
    : CONTACT_CHANNEL_LABELS[type];
  const card: CardType | 'other' = isOneOf<CardType>(CARD_TYPES, type) ? type : 'other';
  const text = (key: 'title' | 'action') => copy(`channels.${card}.${key}`, { channel: name });
  // The WhatsApp and call cards say whether someone is there: from the opening hours when they are data.
  const live = card === 'whatsapp' || card === 'phone' ? openNow : undefined;
  const badge =
    card === 'whatsapp' || card === 'phone'
      ? live
        ? copy('openStatus.badge')
        : copy(`channels.${card}.badge`)
      : undefined;
  const description = card === 'other' ? undefined : copy(`channels.${card}.description`);
  const link = buildChannelLink(type, value);
  const external = link !== null && /^https?:/.test(link);
  // Our counted link, which redirects to `link` at once (decision 035); the main WhatsApp and call channels'
  // go to whoever is on duty (decision 076), WhatsApp's with a message that says where the visitor found us.
  const routed = main && (type === 'whatsapp' || type === 'phone') ? type : null;
  const href =
    link &&
    (routed
      ? routedChannelPath(
          routed,
          routed === 'whatsapp' ? { text: copy('channels.whatsapp.message'), source } : { source },
        )
      : channelClickPath(channel._id, { source }));
  return (
    <ContactCard
      icon={look.icon}
      iconTone={look.tone}
      title={text('title')}
      badge={badge}
      value={channel.display}
      description={ownDescription || description}
      openNow={live}
      resumes={card === 'whatsapp'}
      action={
        href && (
          <a
            href={href}
            rel={external ? 'nofollow noopener noreferrer' : 'nofollow'}
            {...(external ? { target: '_blank' } : {})}
            className={actionClassName(look.action)}
          >
            {text('action')}
            {external && (
              <>
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only"> {copy('opensInNewTab')}</span>
              </>
            )}
          </a>
        )
      }
    />
  );
}
