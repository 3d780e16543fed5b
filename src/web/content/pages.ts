/** The copy of the smaller public pages, with placeholders filled from the site settings (see site.ts). */

export interface PageMeta {
  title: string;
  description: string;
}

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
