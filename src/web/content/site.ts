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

export interface NavItem {
  label: string;
  path: string;
  /** Other paths on which this link counts as the current page. */
  alsoActiveOn?: readonly string[];
}

/** The navigation bar's five links (SPEC section 2); the game lives at /{Brand}Game and /tictactoe. */
export function navItems(settings: SiteSettings | null): readonly NavItem[] {
  const gamePath = settings ? brandGamePath(settings.brandName) : '/tictactoe';
  return [
    { label: 'Home', path: '/' },
    { label: 'Contact', path: '/contact' },
    { label: 'Game', path: gamePath, alsoActiveOn: ['/tictactoe'] },
    { label: 'Terms', path: '/terms' },
    { label: 'Privacy', path: '/privacy' },
  ];
}

export const FOOTER_LINKS: readonly NavItem[] = [
  { label: 'Contact', path: '/contact' },
  { label: 'Blog', path: '/blog' },
  { label: 'Terms', path: '/terms' },
  { label: 'Privacy', path: '/privacy' },
  { label: 'Delete your account', path: '/delete-account' },
];

export const SITE_COPY = {
  skipToContent: 'Skip to content',
  homeLinkLabel: '{product} home',
  /** The header's home link when the settings could not be loaded (an error page). */
  homeLinkFallbackLabel: 'Home',
  mainNavLabel: 'Main',
  menuNavLabel: 'Menu',
  menuButtonOpen: 'Open menu',
  menuButtonClose: 'Close menu',
  getStarted: 'GET STARTED',
  footerNavLabel: 'Footer',
  footerTagline: 'Reach our support team on the channel you already use.',
  footerContact: 'Support: {phone} · {email}',
  footerIndependence: '{product} is independent and not affiliated with WhatsApp, Meta or Telegram.',
  footerRights: '© {year} {product}. All rights reserved.',
} as const;
