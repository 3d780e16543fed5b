/**
 * Public copy shared by every page. Texts carry placeholders such as {brand}; `fillCopy` replaces them.
 * The values are defaults until the site settings (a later issue) supply the admin's own.
 */
export interface CopyValues {
  brand: string;
}

export const DEFAULT_COPY_VALUES: CopyValues = { brand: 'Sampark' };

/**
 * Replaces each {name} in a text with its value (the site's values, plus any given for this text); unknown
 * placeholders are left visible so they get noticed.
 */
export function fillCopy(text: string, extra: Readonly<Record<string, string>> = {}): string {
  const values: Readonly<Record<string, string>> = { ...DEFAULT_COPY_VALUES, ...extra };
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : placeholder,
  );
}

export interface NavItem {
  label: string;
  path: string;
}

/** The navigation bar's five links (SPEC section 2). The game moves to /{brand}Game with the site settings. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', path: '/' },
  { label: 'Contact', path: '/contact' },
  { label: 'Game', path: '/tictactoe' },
  { label: 'Terms', path: '/terms' },
  { label: 'Privacy', path: '/privacy' },
];

export const SITE_COPY = {
  skipToContent: 'Skip to content',
  homeLinkLabel: '{brand} home',
  mainNavLabel: 'Main',
  getStarted: 'GET STARTED',
  footerNavLabel: 'Footer',
  footerTagline: 'Reach our support team on the channel you already use.',
  footerRights: '© {year} {brand}. All rights reserved.',
} as const;
