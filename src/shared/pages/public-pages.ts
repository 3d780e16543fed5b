/**
 * The public site's pages, one row each: the one list that the routes (src/web/public/routes.tsx), the
 * sitemap (src/server/app.ts), the browser tests, the first-paint test and the phone bench follow (decision
 * 022). A new page is a row here, its route in routes.tsx (routes.test.ts asks for it) and its module in
 * src/web/public/pages/.
 *
 * Plain data without imports, so the server, the Vite config and scripts read it without a bundler. The
 * browser downloads none of it: the server renders every public page, and the browser brings only its
 * islands to life (decision 062).
 */

export interface PublicPage {
  /** The route path; `:name` is a parameter and `*` any other path, as React Router reads them. */
  readonly path: string;
  /**
   * The file in src/web/public/pages/ (without `.tsx`) that renders the page; the not-found page's is the
   * error boundaries' (src/web/public/layout/public-layout.tsx).
   */
  readonly module: string;
  /**
   * How the sitemap lists it: `path`, as it is; `source`, through a sitemap source that knows more (the
   * brand's game path, the blog's last change and its posts: src/server/app.ts); `none`, never.
   */
  readonly sitemap: 'path' | 'source' | 'none';
}

export const PUBLIC_PAGES = {
  home: { path: '/', module: 'home-page', sitemap: 'path' },
  contact: { path: '/contact', module: 'contact-page', sitemap: 'path' },
  /**
   * The contact form as a page, for browsers without script and when the contact page's dialog cannot be
   * fetched (with script it is the contact page's dialog).
   */
  'contact-message': { path: '/contact/message', module: 'contact-message-page', sitemap: 'none' },
  terms: { path: '/terms', module: 'terms-page', sitemap: 'path' },
  privacy: { path: '/privacy', module: 'privacy-page', sitemap: 'path' },
  'delete-account': { path: '/delete-account', module: 'delete-account-page', sitemap: 'path' },
  blog: { path: '/blog', module: 'blog-list-page', sitemap: 'source' },
  'blog-post': { path: '/blog/:slug', module: 'blog-post-page', sitemap: 'source' },
  /** Works whatever the brand; the game's canonical address is /{Brand}Game, which the sitemap lists. */
  tictactoe: { path: '/tictactoe', module: 'game-page', sitemap: 'none' },
  /** The game at /{Brand}Game for the configured brand; any other single-segment path is a missing page. */
  'brand-game': { path: '/:gamePath', module: 'game-page', sitemap: 'source' },
  'not-found': { path: '/*', module: 'error-page', sitemap: 'none' },
} as const satisfies Record<string, PublicPage>;

export type PublicPageId = keyof typeof PUBLIC_PAGES;

export const PUBLIC_PAGE_IDS = Object.keys(PUBLIC_PAGES) as PublicPageId[];

/**
 * The pages with an address of their own (no parameter, not the not-found page's `*`), in English: what the
 * browser tests, the first-paint test and the phone bench visit, so that every page is held to their
 * budgets.
 */
export const PUBLIC_PAGE_PATHS: readonly string[] = Object.values(PUBLIC_PAGES as Record<string, PublicPage>)
  .filter((page) => !/[:*]/.test(page.path))
  .map((page) => page.path);

/**
 * The islands of the public pages (decision 062): the parts of a page of islands that need script, each a
 * module of its own (a Vite input) that the browser fetches only when a visitor reaches for it. The page's
 * markup marks what brings an island to life: `data-island="{id}"` on the buttons that open it, or
 * `data-island-root="{id}"` on the part it hydrates in place (src/web/public/islands.ts); the server names the
 * island's file only on a page whose markup has such a mark (src/web/entry-server.tsx), and
 * scripts/check-bundles.ts holds each island, with React, to its budget.
 */
export const PUBLIC_ISLANDS = {
  /** The contact form in a dialog, opened by the contact page's "Send message" buttons and service tiles. */
  'contact-form': { module: 'src/web/public/contact/contact-form-island.tsx' },
  /** The contact form on its own page, hydrated in place when a visitor reaches for it. */
  'contact-message': { module: 'src/web/public/contact/contact-message-island.tsx' },
  /** The account deletion form, hydrated in place when a visitor reaches for it. */
  'delete-account': { module: 'src/web/public/account-deletion/delete-account-island.tsx' },
  /** The game, hydrated in place when a visitor reaches for it. */
  game: { module: 'src/web/public/game/game-island.tsx' },
} as const satisfies Record<string, { readonly module: string }>;

export type PublicIslandId = keyof typeof PUBLIC_ISLANDS;

/** The business's contact card, a vCard for a visitor's address book (under /hi with its hours in Hindi). */
export const CONTACT_CARD_PATH = '/contact.vcf';
