/**
 * The business's contact facts without zod, for every public page (the shell loads this; contact-channels.ts,
 * which only some pages need, stays out of it).
 */
import type { ContactChannelType } from './contact-channels.ts';

const TELEGRAM_PROFILE =
  /^(?:(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/)?@?([A-Za-z][A-Za-z0-9_]{4,31})\/?$/i;

/** A Telegram channel's handle as people write it (`@handle`), or the value as it is when it names none. */
export function telegramHandleOf(value: string): string {
  const handle = TELEGRAM_PROFILE.exec(value.trim())?.[1];
  return handle ? `@${handle}` : value.trim();
}

/**
 * The business's number, WhatsApp and Telegram as the landing page, the footer and the texts show them: the
 * first active channel of each type in the admin's order, or null when that type has none. The contact
 * channels are the one place they live.
 */
export interface ContactFacts {
  phone: string | null;
  whatsapp: string | null;
  telegram: string | null;
  /** The ids of those channels, which their counted links name (channelClickPath). */
  channelIds: { phone: string | null; whatsapp: string | null; telegram: string | null };
  /** How many published channels reach the team (the terms page's "Ways to reach us"): not withdrawal proofs. */
  channelCount: number;
}

export const NO_CONTACT_FACTS: ContactFacts = {
  phone: null,
  whatsapp: null,
  telegram: null,
  channelIds: { phone: null, whatsapp: null, telegram: null },
  channelCount: 0,
};

/** The facts from the active channels, which come in the admin's order (GET /api/contacts/active). */
export function contactFactsOf(
  activeChannels: readonly { _id: string; type: ContactChannelType; value: string; display: string }[],
): ContactFacts {
  const firstOf = (type: ContactChannelType) => activeChannels.find((channel) => channel.type === type);
  // As people read it (`+91 98765 43210`); the links built from it keep only the digits.
  const first = (type: ContactChannelType) => firstOf(type)?.display ?? null;
  const idOf = (type: ContactChannelType) => firstOf(type)?._id ?? null;
  return {
    phone: first('phone'),
    whatsapp: first('whatsapp'),
    telegram: first('telegram'),
    channelIds: { phone: idOf('phone'), whatsapp: idOf('whatsapp'), telegram: idOf('telegram') },
    channelCount: activeChannels.filter((channel) => channel.type !== 'withdrawal_proof').length,
  };
}
