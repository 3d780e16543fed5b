import { CHANNEL_CLICK_PREFIX, SOURCE_PARAMETER } from './channel-links.ts';
import { type Locale, localizedPath } from './locales.ts';

/** Counter posters (decision 077). */
export const POSTER_SIZES = ['A4', 'A5'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];

export const POSTER_LIMITS = { name: 60, tag: 32 } as const;
/** Posters a site keeps: each is a source the dashboard lists and a variant of the contact page. */
export const POSTERS_MAX = 50;

/** A source tag as it goes in an address: lower-case letters and digits, dashes between. */
export const POSTER_TAG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The path a poster's QR code holds: its channel's counted link, or the contact page in the poster's
 * language, with the poster's tag.
 */
export function posterPath(poster: { tag: string; channelId: string | null; language: Locale }): string {
  const query = `?${SOURCE_PARAMETER}=${encodeURIComponent(poster.tag)}`;
  return poster.channelId
    ? `${CHANNEL_CLICK_PREFIX}${encodeURIComponent(poster.channelId)}${query}`
    : `${localizedPath(poster.language, '/contact')}${query}`;
}

/** What a poster says, in its language: `{channel}` is the channel's name. */
export const POSTER_WORDS: Record<
  Locale,
  Record<'contact' | 'whatsapp' | 'phone' | 'other' | 'hours', string>
> = {
  en: {
    contact: 'Scan to contact us',
    whatsapp: 'Scan to chat with us on WhatsApp',
    phone: 'Scan to call us',
    other: 'Scan to reach us on {channel}',
    hours: 'Business Hours',
  },
  hi: {
    contact: 'हमसे संपर्क करने के लिए स्कैन करें',
    whatsapp: 'WhatsApp पर हमसे बात करने के लिए स्कैन करें',
    phone: 'हमें कॉल करने के लिए स्कैन करें',
    other: '{channel} पर हमसे जुड़ने के लिए स्कैन करें',
    hours: 'काम के घंटे',
  },
};
