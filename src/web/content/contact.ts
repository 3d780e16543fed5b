import type { InquiryService } from '../../shared/rules/contact-inquiries.ts';
import type { FaqEntry } from './landing.ts';

/**
 * The copy of the contact page (/contact) and its contact form, with placeholders filled from the site
 * settings (see site.ts). Texts quoted in SPEC.md ('Instant Support', 'Available Now', 'Sending Message...')
 * must stay verbatim. The page's title and description are CONTACT_COPY.meta in pages.ts (used by routes.tsx).
 */

/**
 * The four services shown as tiles (the form offers these plus 'Other'). The titles repeat
 * INQUIRY_SERVICE_LABELS because that module carries zod/mini, which the page loads only with the form;
 * contact.test.ts keeps the two equal.
 */
export const CONTACT_SERVICE_TILES: readonly {
  service: InquiryService;
  title: string;
  description: string;
}[] = [
  {
    service: 'business-consultation',
    title: 'Business Consultation',
    description: 'Plan, start and grow your business with advice from experienced people.',
  },
  {
    service: 'digital-marketing',
    title: 'Digital Marketing',
    description: 'Reach more customers through social media, search and messaging.',
  },
  {
    service: 'technical-support',
    title: 'Technical Support',
    description: 'Help with accounts, apps and devices, from setup to fixes.',
  },
  {
    service: 'financial-advisory',
    title: 'Financial Advisory',
    description: 'Guidance on budgets, payments and your business finances.',
  },
];

export const CONTACT_FAQ: readonly FaqEntry[] = [
  {
    question: 'How quickly will I get a reply?',
    answer:
      'Our support team replies during business hours (see below). WhatsApp and calls are fastest; messages sent after hours are answered the next working day.',
  },
  {
    question: 'Do you help clients outside India?',
    answer:
      'Yes. We serve international clients as well as customers across India. Give your number with its country code, e.g. +44 or +971.',
  },
  {
    question: 'Which channel should I use?',
    answer:
      'For a quick question, chat on WhatsApp or call us. For anything detailed, send a message with the form and the right person will answer.',
  },
  {
    question: 'What happens to the details I send in the form?',
    answer:
      'We keep what you typed only to answer you. We never share it and use no tracking. Ask us on any channel and we delete it.',
  },
  {
    question: 'Which services can you help with?',
    answer:
      'Business consultation, digital marketing, technical support and financial advisory. For anything else, choose Other in the form.',
  },
];

export const CONTACT_PAGE_COPY = {
  heading: 'Get in Touch',
  lead: 'Talk to the {product} team on the channel you prefer. We reply during business hours.',
  tabsLabel: 'Ways to reach us',
  tabs: { instant: 'Instant Support', services: 'Our Services' },
  instantHeading: 'Talk to us now',
  message: {
    title: 'Send Message',
    description: 'Tell us what you need in a short form; our team will contact you.',
    action: 'Write to us',
  },
  servicesHeading: 'What we help with',
  serviceTileAction: 'Ask about this',
  faqHeading: 'Frequently Asked Questions',
  communityHeading: 'Join our community',
  otherChannelsHeading: 'More ways to reach us',
  banner: {
    heading: 'Professional services for your business',
    body: 'Business consultation, digital marketing, technical support and financial advisory. Tell us what you need and the right person on our team gets back to you.',
    action: 'Send Message',
  },
  hoursHeading: 'Business Hours',
  opensInNewTab: '(opens in a new tab)',
} as const;

export interface ChannelCardCopy {
  title: string;
  badge?: string;
  description?: string;
  action: string;
}

/**
 * The card of each kind of channel. 'other' is for the channels without a card of their own (email, YouTube,
 * a website...): {channel} is the kind's name.
 */
export const CHANNEL_CARD_COPY = {
  whatsapp: {
    title: 'WhatsApp',
    badge: 'Available Now',
    description: 'Chat with our support team.',
    action: 'Chat on WhatsApp',
  },
  phone: {
    title: 'Direct Call',
    badge: 'Available Daily',
    description: 'Speak to a person on our team.',
    action: 'Call now',
  },
  telegram: {
    title: 'Telegram Community',
    description: 'Updates, announcements and answers from the {product} team.',
    action: 'Join on Telegram',
  },
  instagram: {
    title: 'Instagram',
    description: 'News and behind-the-scenes posts from {product}.',
    action: 'Follow on Instagram',
  },
  facebook: {
    title: 'Facebook',
    description: 'Follow {product} for news and offers.',
    action: 'Visit our Facebook page',
  },
  other: { title: '{channel}', action: 'Open {channel}' },
} satisfies Record<string, ChannelCardCopy>;

export const CONTACT_FORM_COPY = {
  title: 'Send us a message',
  description: 'All fields are required. Our team replies during business hours.',
  close: 'Close',
  fields: {
    name: { label: 'Name', placeholder: 'Your full name' },
    phone: {
      label: 'Phone',
      countryCode: 'Country code',
      placeholder: '98765 43210',
      hint: 'A number typed with + and its country code keeps its own code',
    },
    email: { label: 'Email', placeholder: 'you@example.com' },
    city: { label: 'City', placeholder: 'e.g. Mumbai' },
    service: { label: 'Service', placeholder: 'Select Service' },
    query: { label: 'Your query', placeholder: 'How can we help you?' },
  },
  /** The honeypot's label: only bots, which fill in every field, ever see the field at all. */
  honeypotLabel: 'Leave this field empty',
  submit: 'Send Message',
  sending: 'Sending Message...',
  successHeading: 'Message Sent Successfully!',
  successBody: 'Our team will contact you soon',
  dismissToast: 'Dismiss notification',
} as const;
