import type { ContactChannelType } from '../../shared/contact-channel-types.ts';

/** The copy of each public page, with {brand} placeholders (see site.ts). */

export interface PageMeta {
  title: string;
  description: string;
}

export const HOME_COPY = {
  meta: {
    title: '{brand} — talk to our support team',
    description: '{brand} puts you in touch with our support team by WhatsApp, phone, Telegram or email.',
  },
  heading: '{brand}',
  lead: 'Reach our support team on WhatsApp, by phone, on Telegram or by email — whichever suits you.',
  cta: 'See all contact options',
} as const;

export const CONTACT_COPY = {
  meta: {
    title: 'Contact us | {brand}',
    description: 'All the ways to reach {brand}: WhatsApp, phone, Telegram, email and our social channels.',
  },
  heading: 'Contact us',
  lead: 'Choose the channel you prefer; our team answers during business hours.',
  channelsHeading: 'Our channels',
  noChannels: 'No contact channels are published yet.',
  /** The words on each card's link; "opens in a new tab" is added for external links. */
  channelActions: {
    phone: 'Call',
    whatsapp: 'Chat on WhatsApp',
    email: 'Send an email',
    telegram: 'Open in Telegram',
    withdrawal_proof: 'View withdrawal proof',
    youtube: 'Visit our YouTube channel',
    instagram: 'Visit our Instagram',
    facebook: 'Visit our Facebook page',
    twitter: 'Visit our X (Twitter) profile',
    linkedin: 'Visit our LinkedIn page',
    website: 'Visit the website',
  } satisfies Record<ContactChannelType, string>,
  opensInNewTab: '(opens in a new tab)',
} as const;

export const TERMS_COPY = {
  meta: {
    title: 'Terms and Conditions | {brand}',
    description: 'The terms for using {brand}, a contact directory that connects you with our support team.',
  },
  heading: 'Terms and Conditions',
  body: '{brand} is a contact directory: it shows the channels through which you can reach our support team. It is provided as is, and our responsibility is limited to this directory service.',
} as const;

export const PRIVACY_COPY = {
  meta: {
    title: 'Privacy Policy | {brand}',
    description: 'What {brand} stores about you, why, and how to have it deleted.',
  },
  heading: 'Privacy Policy',
  body: '{brand} uses no tracking or analytics. When you send us a message through the contact form, we keep what you typed so we can answer you, and we delete it when you ask us to.',
} as const;

export const GAME_COPY = {
  meta: {
    title: 'Tic-tac-toe | {brand}',
    description: 'Play a quick game of tic-tac-toe against the {brand} robot.',
  },
  heading: 'Tic-tac-toe',
  body: 'The game is on its way: soon you can play against our robot here.',
} as const;

export const NOT_FOUND_COPY = {
  meta: {
    title: 'Page not found | {brand}',
    description: 'The page you asked for does not exist.',
  },
  heading: 'Page not found',
  body: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  homeLink: 'Go to the home page',
  contactLink: 'Contact us',
} as const;

export const ERROR_COPY = {
  meta: {
    title: 'Something went wrong | {brand}',
    description: 'This page could not be shown.',
  },
  heading: 'Something went wrong',
  body: 'This page could not be shown just now. Please try again in a moment.',
  retry: 'Try again',
} as const;
