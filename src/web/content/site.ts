import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { type ContactFacts, telegramHandleOf } from '../../shared/rules/contact-facts.ts';
import { brandGamePath } from '../../shared/rules/site-settings.ts';

/**
 * The values every catalogue text may use (decision 038): the placeholders, filled from the site
 * settings: {product} (the brand; {brand} is the same), {email}, {users} and {rating} (the marketing figures,
 * each absent until the owner enters it) and {competitor}; and from the contact channels (ContactFacts): {phone} (the support number), {whatsapp}
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
    // A figure the owner left empty is absent: the texts naming it are not shown (decision 053).
    ...(settings.usersCount ? { users: settings.usersCount } : {}),
    ...(settings.rating ? { rating: settings.rating } : {}),
    competitor: settings.competitorName,
  };
}

/** A navigation link: its text's key in the `site` catalogue's `nav`, and its English path. */
export interface NavItem {
  key: 'home' | 'contact' | 'game' | 'terms' | 'privacy' | 'blog' | 'deleteAccount';
  path: string;
  /** Other paths on which this link counts as the current page (besides its own and those below it). */
  alsoActiveOn?: readonly string[];
}

/**
 * The navigation bar's links: Home, Contact, Game, Terms, Privacy and the blog, which visitors look for in
 * the bar rather than the footer (decision 054). The game lives at /{Brand}Game and /tictactoe.
 */
export function navItems(settings: SiteSettings | null): readonly NavItem[] {
  const gamePath = settings ? brandGamePath(settings.brandName) : '/tictactoe';
  return [
    { key: 'home', path: '/' },
    { key: 'contact', path: '/contact' },
    { key: 'blog', path: '/blog' },
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
