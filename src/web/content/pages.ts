/** The copy of the smaller public pages, with placeholders filled from the site settings (see site.ts). */

export interface PageMeta {
  title: string;
  description: string;
}

/** The contact page's head; its copy is in contact.ts, which loads with the page. */
export const CONTACT_COPY = {
  meta: {
    title: 'Contact us | {product}',
    description: 'All the ways to reach {product}: WhatsApp, phone, Telegram, email and our social channels.',
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
