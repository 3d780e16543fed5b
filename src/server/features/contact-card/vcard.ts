import type ICAL from 'ical.js';
import type { PublicContactChannel } from '../../../shared/contracts/contact-channels.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { buildChannelLink } from '../../../shared/rules/channel-links.ts';
import { type Locale, localizedPath } from '../../../shared/rules/locales.ts';
import { localizedText } from '../../../shared/rules/localized-text.ts';
import { openingHoursRows } from '../../../shared/rules/opening-hours.ts';

/** What a phone's address book keeps of the business. */
export interface ContactCardFacts {
  settings: Pick<SiteSettings, 'brandName' | 'supportEmail' | 'businessHours' | 'openingHours'>;
  /** The active channels, in the owner's order. */
  channels: readonly PublicContactChannel[];
  /** The site's origin: the contact page and the icon are named by absolute URLs. */
  origin: string;
  /** The language of the page it was saved from: the hours are in it. */
  locale: Locale;
}

/** How a number is marked: WhatsApp's as a mobile that takes messages (the app finds a contact by its number). */
const TEL_TYPES: Partial<Record<PublicContactChannel['type'], readonly string[]>> = {
  whatsapp: ['cell', 'text'],
  phone: ['voice'],
};

/**
 * One TEL a number, as a tel: URI, with the types of every channel that has it: a business whose WhatsApp is
 * also its phone line gets one entry (cell, text, voice), not the same number twice.
 */
function addTelephones(ical: typeof ICAL, card: ICAL.Component, channels: readonly PublicContactChannel[]) {
  const types = new Map<string, Set<string>>();
  for (const { type, value } of channels) {
    for (const kind of TEL_TYPES[type] ?? []) types.set(value, (types.get(value) ?? new Set()).add(kind));
  }
  for (const [number, kinds] of types) {
    const property = new ical.Property('tel', card);
    property.setParameter('value', 'uri');
    property.setParameter('type', [...kinds]);
    property.setValue(`tel:${number}`);
    card.addProperty(property);
  }
}

/**
 * The business as a vCard 4.0 (RFC 6350) a visitor saves to their phone: its name, its numbers (WhatsApp's
 * as a mobile, so the app lists the business), its addresses, the contact page, the icon and the hours.
 * ical.js (0.5 MB in the heap) is loaded with the first card asked for, not at start (decision 064).
 */
export async function contactCard({ settings, channels, origin, locale }: ContactCardFacts): Promise<string> {
  const { default: ical } = await import('ical.js');
  const card = new ical.Component('vcard');
  card.addPropertyWithValue('version', '4.0');
  card.addPropertyWithValue('kind', 'org');
  card.addPropertyWithValue('fn', settings.brandName);
  // ORG is structured (name; units): one component, so a semicolon in the name stays in it.
  const org = new ical.Property('org', card);
  org.setValue([settings.brandName]);
  card.addProperty(org);
  addTelephones(ical, card, channels);
  const emails = new Set([
    settings.supportEmail,
    ...channels.filter(({ type }) => type === 'email').map(({ value }) => value),
  ]);
  for (const email of emails) card.addPropertyWithValue('email', email);
  card.addPropertyWithValue('url', `${origin}${localizedPath(locale, '/contact')}`);
  for (const channel of channels) {
    if (channel.type !== 'website') continue;
    const link = buildChannelLink(channel.type, channel.value);
    if (link) card.addPropertyWithValue('url', link);
  }
  card.addPropertyWithValue('logo', `${origin}/icons/icon-512.png`);
  // As the Business Hours block shows them (decision 073).
  const hours = settings.openingHours
    ? openingHoursRows(settings.openingHours, locale).map(({ days, hours }) => `${days}: ${hours}`)
    : settings.businessHours.map(
        (row) =>
          `${localizedText(locale, row.days, row.daysHi)}: ${localizedText(locale, row.hours, row.hoursHi)}`,
      );
  card.addPropertyWithValue('note', hours.join('\n'));
  return `${card.toString()}\r\n`;
}
