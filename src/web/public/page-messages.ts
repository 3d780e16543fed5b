import type { PublicPageId } from '../../shared/pages/public-pages.ts';
import type { Namespace } from '../i18n/catalogues.ts';

/**
 * The message catalogues each page shows besides the `site` one (navigation, footer, errors), loaded in the
 * page's language with the page (decision 038).
 */
export const PAGE_MESSAGES: Record<PublicPageId, readonly Namespace[]> = {
  // The contact catalogue for what the hours card says about opening hours (contact/open-status.tsx).
  home: ['landing', 'contact'],
  contact: ['contact', 'challenge', 'countries'],
  'contact-message': ['contact', 'challenge'],
  terms: ['terms'],
  privacy: ['privacy'],
  'delete-account': ['account-deletion', 'challenge', 'countries'],
  blog: ['blog'],
  'blog-post': ['blog'],
  tictactoe: ['game'],
  'brand-game': ['game'],
  'not-found': [],
};
