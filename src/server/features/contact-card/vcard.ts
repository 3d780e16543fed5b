import ICAL from 'ical.js';
import type { PublicContactChannel } from '../../../shared/contracts/contact-channels.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { buildChannelLink } from '../../../shared/rules/channel-links.ts';
import { type Locale, localizedPath } from '../../../shared/rules/locales.ts';
import { localizedText } from '../../../shared/rules/localized-text.ts';

/** What a phone's address book keeps of the business. */
export interface ContactCardFacts {
  settings: Pick<SiteSettings, 'brandName' | 'supportEmail' | 'businessHours'>;
  /** The active channels, in the owner's order. */
  channels: readonly PublicContactChannel[];
  /** The site's origin: the contact page and the icon are named by absolute URLs. */
  origin: string;
  /** The language of the page it was saved from: the hours are in it. */
  locale: Locale;
}

/** A TEL: a number as a tel: URI, marked as a mobile (WhatsApp finds a contact by its number) or a line. */
function telephone(card: ICAL.Component, number: string, types: string[]) {
  const property = new ICAL.Property('tel', card);
  property.setParameter('value', 'uri');
  property.setParameter('type', types);
  property.setValue(`tel:${number}`);
  card.addProperty(property);
}

/**
 * The business as a vCard 4.0 (RFC 6350) a visitor saves to their phone: its name, its numbers (WhatsApp's
 * as a mobile, so the app lists the business), its addresses, the contact page, the icon and the hours.
 */
export function contactCard({ settings, channels, origin, locale }: ContactCardFacts): string {
  const card = new ICAL.Component('vcard');
  card.addPropertyWithValue('version', '4.0');
  card.addPropertyWithValue('kind', 'org');
  card.addPropertyWithValue('fn', settings.brandName);
  // ORG is structured (name; units): one component, so a semicolon in the name stays in it.
  const org = new ICAL.Property('org', card);
  org.setValue([settings.brandName]);
  card.addProperty(org);
  for (const channel of channels) {
    if (channel.type === 'phone') telephone(card, channel.value, ['work', 'voice']);
    if (channel.type === 'whatsapp') telephone(card, channel.value, ['cell', 'text']);
  }
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
  const hours = settings.businessHours.map(
    (row) =>
      `${localizedText(locale, row.days, row.daysHi)}: ${localizedText(locale, row.hours, row.hoursHi)}`,
  );
  card.addPropertyWithValue('note', hours.join('\n'));
  return `${card.toString()}\r\n`;
}
