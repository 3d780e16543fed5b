import type { ContactChannelType } from './contact-channels.ts';
import { digitsOf } from './fields.ts';

/** The only schemes a link built from admin-entered values may ever have. */
export const SAFE_LINK_PROTOCOLS: ReadonlySet<string> = new Set([
  'https:',
  'http:',
  'tel:',
  'mailto:',
  'sms:',
]);

/** Returns the normalised href when it parses and uses a safe scheme, otherwise null. */
function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  return SAFE_LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

const STARTS_WITH_HTTP = /^https?:\/\//i;
const TELEGRAM_HOST = /(^|[/.@])(t\.me|telegram\.me|telegram\.dog)(\/|$)/i;
// Apostrophes are legal in addresses (o'brien@example.com); brackets, quotes and separators are not.
const EMAIL_SHAPE = /^[^\s@<>()[\]",;:\\/]+@[^\s@<>()[\]",;:\\/]+\.[^\s@<>()[\]",;:\\/]+$/;

export interface ChannelLinkOptions {
  /** WhatsApp only: a message prefilled in the chat. */
  text?: string;
  /** Our counted links only: the poster the visitor came from, counted for it (decision 077). */
  source?: string | undefined;
}

/** The query parameter that carries a poster's tag to the pages and counted links (decision 077). */
export const SOURCE_PARAMETER = 'src';

/** The query of one of our counted links: WhatsApp's message and the poster's tag. */
function countedLinkQuery({ text, source }: ChannelLinkOptions): string {
  const parts = [
    ...(text ? [`text=${encodeURIComponent(text)}`] : []),
    ...(source ? [`${SOURCE_PARAMETER}=${encodeURIComponent(source)}`] : []),
  ];
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const HANDLE = /^[A-Za-z0-9._-]{1,64}$/;

function profileLink(base: string, value: string): string | null {
  if (STARTS_WITH_HTTP.test(value)) return safeHref(value);
  // users type the handle with or without @; anything else is not a handle and gets no link
  const handle = value.replace(/^@/, '');
  return HANDLE.test(handle) ? safeHref(`${base}${handle}`) : null;
}

/**
 * Builds the link a visitor follows for a contact channel, by its type's rule below.
 * Returns null when the value cannot make a safe link; never a javascript: or data: URL.
 */
export function buildChannelLink(
  type: ContactChannelType,
  rawValue: string,
  options: ChannelLinkOptions = {},
): string | null {
  const value = rawValue.trim();
  if (!value) return null;
  switch (type) {
    case 'whatsapp': {
      const digits = digitsOf(value);
      if (digits.length < 7 || digits.length > 15) return null;
      const query = options.text ? `?text=${encodeURIComponent(options.text)}` : '';
      return safeHref(`https://wa.me/${digits}${query}`);
    }
    case 'phone': {
      const digits = digitsOf(value);
      if (digits.length < 3 || digits.length > 15) return null;
      return safeHref(`tel:${value.startsWith('+') ? '+' : ''}${digits}`);
    }
    case 'email':
      return EMAIL_SHAPE.test(value) ? safeHref(`mailto:${value}`) : null;
    case 'telegram':
      if (TELEGRAM_HOST.test(value)) {
        return safeHref(STARTS_WITH_HTTP.test(value) ? value : `https://${value.replace(/^\/+/, '')}`);
      }
      return profileLink('https://t.me/', value);
    case 'instagram':
      return profileLink('https://instagram.com/', value);
    case 'facebook':
      return profileLink('https://facebook.com/', value);
    default:
      return STARTS_WITH_HTTP.test(value) ? safeHref(value) : null;
  }
}

/** Where a channel's counted link starts: `/go/{channel id}` answers with a redirect to the channel's link. */
export const CHANNEL_CLICK_PREFIX = '/go/';

/**
 * The link a public page gives a channel: our own address, which counts the click and sends the visitor on
 * to the channel's link at once (decision 035). `text` is WhatsApp's prefilled message.
 */
export function channelClickPath(channelId: string, options: ChannelLinkOptions = {}): string {
  return `${CHANNEL_CLICK_PREFIX}${encodeURIComponent(channelId)}${countedLinkQuery(options)}`;
}

/**
 * The business's main WhatsApp and call links on the public pages (decision 076): `/go/whatsapp` and
 * `/go/call` send the visitor to a team member on duty, or to the main channel when nobody is, so no
 * member's own number is ever in a page.
 */
export const ROUTED_CHANNEL_PATHS = { whatsapp: '/go/whatsapp', phone: '/go/call' } as const;

/** The routed link of the main channel of `type`, with WhatsApp's prefilled message. */
export function routedChannelPath(
  type: keyof typeof ROUTED_CHANNEL_PATHS,
  options: ChannelLinkOptions = {},
): string {
  return `${ROUTED_CHANNEL_PATHS[type]}${countedLinkQuery(options)}`;
}
