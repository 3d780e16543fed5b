import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { type ContactFacts, telegramHandleOf } from '../../shared/rules/contact-facts.ts';
import { brandGamePath } from '../../shared/rules/site-settings.ts';

/**
 * Public copy shared by every page. Texts carry the spec's placeholders, filled by `fillCopy` from the site
 * settings: {product} (the brand; {brand} is the same), {email}, {users} and {rating} (the marketing figures)
 * and {competitor}; and from the contact channels (ContactFacts): {phone} (the support number), {whatsapp}
 * and {name} (the Telegram handle with its @), each absent when no such channel is published, and {channels}
 * (how many channels reach the team; absent when none does). One source for
 * every page, so the landing and terms pages can never disagree.
 */
export type CopyValues = Readonly<Record<string, string>>;

export function copyValues(settings: SiteSettings, facts?: ContactFacts | null): CopyValues {
  return {
    product: settings.brandName,
    brand: settings.brandName,
    ...(facts?.phone ? { phone: facts.phone } : {}),
    ...(facts?.whatsapp ? { whatsapp: facts.whatsapp } : {}),
    ...(facts?.telegram ? { name: telegramHandleOf(facts.telegram) } : {}),
    ...(facts?.channelCount ? { channels: String(facts.channelCount) } : {}),
    email: settings.supportEmail,
    users: settings.usersCount,
    rating: settings.rating,
    competitor: settings.competitorName,
  };
}

/** The text filled, or null when it names a value the site does not have (a channel nobody published). */
export function fillCopyIfKnown(text: string, values: CopyValues): string | null {
  const filled = fillCopy(text, values);
  return /\{\w+\}/.test(filled) ? null : filled;
}

/**
 * Replaces each {placeholder} in a text with its value; unknown placeholders are left visible so they get
 * noticed.
 */
export function fillCopy(text: string, values: CopyValues): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : placeholder,
  );
}

/** A navigation link: its text's key in the `site` catalogue's `nav`, and its English path. */
export interface NavItem {
  key: 'home' | 'contact' | 'game' | 'terms' | 'privacy' | 'blog' | 'deleteAccount';
  path: string;
  /** Other paths on which this link counts as the current page. */
  alsoActiveOn?: readonly string[];
}

/** The navigation bar's five links (SPEC section 2); the game lives at /{Brand}Game and /tictactoe. */
export function navItems(settings: SiteSettings | null): readonly NavItem[] {
  const gamePath = settings ? brandGamePath(settings.brandName) : '/tictactoe';
  return [
    { key: 'home', path: '/' },
    { key: 'contact', path: '/contact' },
    { key: 'game', path: gamePath, alsoActiveOn: ['/tictactoe'] },
    { key: 'terms', path: '/terms' },
    { key: 'privacy', path: '/privacy' },
  ];
}

export const FOOTER_LINKS: readonly NavItem[] = [
  { key: 'contact', path: '/contact' },
  { key: 'blog', path: '/blog' },
  { key: 'terms', path: '/terms' },
  { key: 'privacy', path: '/privacy' },
  { key: 'deleteAccount', path: '/delete-account' },
];
