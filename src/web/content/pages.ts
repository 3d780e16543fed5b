/** The copy of the smaller public pages, with placeholders filled from the site settings (see site.ts). */

export interface PageMeta {
  title: string;
  description: string;
}

/** The game page's head, which the routes (and so every page) load; its texts are in game.ts. */
export const GAME_COPY = {
  meta: {
    title: 'Tic-tac-toe | {product}',
    description: 'A quick game of tic-tac-toe against the {product} robot, at five levels of difficulty.',
  },
} as const;

export const NOT_FOUND_COPY = {
  meta: {
    title: 'Page not found | {product}',
    description: 'The page you asked for does not exist.',
  },
  heading: 'Page not found',
  body: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  homeLink: 'Go to the home page',
  contactLink: 'Contact us',
} as const;

export const ERROR_COPY = {
  meta: {
    title: 'Something went wrong | {product}',
    description: 'This page could not be shown.',
  },
  heading: 'Something went wrong',
  body: 'This page could not be shown just now. Please try again in a moment.',
  retry: 'Try again',
} as const;
