import type { PageMeta } from './pages.ts';

/**
 * The Privacy Policy (SPEC section 2, "Privacy Policy page"), written to be true of Sampark (DESIGN.md
 * "Honest content"): the site has no tracking or analytics; the contact form keeps what a visitor types.
 */

export interface PrivacyCard {
  icon: 'eye-off' | 'ban' | 'inbox' | 'trash';
  title: string;
  body: string;
  items?: readonly string[];
}

export interface PrivacySection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export const PRIVACY_COPY = {
  meta: {
    title: 'Privacy Policy | {product}',
    description:
      'What {product} stores about you and why: no tracking, no analytics, no data sharing. Only what you send through the contact form, and how to have it deleted.',
  } satisfies PageMeta,
  heading: 'Privacy Policy',
  lead: 'Short version: we do not track you. We keep only what you send us, to answer you, and delete it when you ask.',
  tabsLabel: 'Privacy Policy',
  tabs: { overview: 'Privacy Overview', details: 'Detailed Policy' },

  overviewCards: [
    {
      icon: 'eye-off',
      title: 'What we do not collect',
      body: 'Browsing this site does not give us:',
      items: ['Personal details', 'Device information', 'Usage behaviour', 'Financial information'],
    },
    {
      icon: 'ban',
      title: 'No tracking, no sharing',
      body: 'No analytics, no advertising, no third-party trackers. We do not sell or share your data with anyone.',
    },
    {
      icon: 'inbox',
      title: 'What the contact form keeps',
      body: 'When you send us a message, we keep what you typed so we can answer you:',
      items: ['Name', 'Phone number', 'Email address', 'City', 'Your message', 'The service you chose'],
    },
    {
      icon: 'trash',
      title: 'Deleting your data',
      body: 'Ask us by email or through the contact page and we delete your messages. Account holders can also use the account deletion page.',
    },
  ] satisfies PrivacyCard[],

  sections: [
    {
      id: 'who',
      title: 'Who we are',
      paragraphs: [
        '{product} runs this website as a contact directory for its customers in India. When this policy says “we”, it means {product}.',
      ],
    },
    {
      id: 'not-collected',
      title: 'What we do not collect',
      paragraphs: [
        'Reading this site does not require an account, and we do not collect personal details, device information, usage behaviour or financial information about you.',
        'There are no analytics, advertising or social media scripts on this site, and it sets no cookies for visitors. (Our staff’s sign-in to the back office uses one cookie, only for them.)',
      ],
    },
    {
      id: 'contact-form',
      title: 'What you send us',
      paragraphs: ['If you use the contact form, we store what you type so our team can answer you:'],
      items: ['Your name', 'Phone number', 'Email address', 'City', 'Your message', 'The service you chose'],
    },
    {
      id: 'technical',
      title: 'Technical data',
      paragraphs: [
        'Like every website, our server needs your IP address to send you the page. We also use it briefly to limit how many messages one address can send, which keeps spam out. We do not use it to identify or follow you.',
        'We count how many times each of our contact buttons (WhatsApp, phone and the others) is used and how many times each blog post is read, per day. These are only numbers: they do not say who clicked or read. A click on a contact button is counted without keeping your address, a cookie or any other identifier. So that a reader counts once a day, a blog post view keeps a scrambled code made from your address and browser for at most three days; it cannot be turned back into your address, and then it is deleted.',
        'When many messages come from one address (as happens when a mobile network shares one address among many people), your browser may be asked to solve a small puzzle before sending, to show it is not a robot. It is worked out on your own device, by our own site: no other company is involved and nothing about you is sent for it.',
      ],
    },
    {
      id: 'use',
      title: 'How we use it',
      paragraphs: [
        'Only to answer your message and to help you with your ID or account. We do not send marketing, and we do not sell, rent or share your data with anyone.',
        'If you choose to contact us by WhatsApp, Telegram or phone instead, that conversation also passes through that app or operator under its own privacy policy.',
      ],
    },
    {
      id: 'deletion',
      title: 'Keeping and deleting your data',
      paragraphs: [
        'We keep your message as long as we need it to help you. To have it deleted, email us at {email} or write to us through the contact page; we delete it and confirm.',
        'If you have an account, you can delete it yourself on the account deletion page.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      paragraphs: [
        'We may update this policy. We announce major changes on this site and on our contact channels.',
      ],
    },
  ] satisfies PrivacySection[],

  deleteAccountLink: 'Delete your account',
  support: {
    heading: 'Questions about your data?',
    body: 'Write to us and a person on our team will answer.',
    emailLink: 'Email {email}',
    contactLink: 'Contact support',
  },
} as const;
