import type { PageMeta } from './pages.ts';

/**
 * The landing page (SPEC section 2, "Landing page"). Placeholders come from the site settings and the contact
 * channels (site.ts): {product}, {phone}, {whatsapp}, {name}, {users}, {rating}, {competitor}. A text naming a
 * channel nobody published ({phone}, {whatsapp}, {name}) is left out.
 * Honest copy (DESIGN.md): what the business does, in plain words; figures are the admin's own settings.
 */

export interface LandingStat {
  value: string;
  label: string;
}

export interface LandingFeature {
  icon: 'message' | 'headset' | 'clock' | 'shield' | 'phone' | 'user';
  title: string;
  body: string;
}

export interface LandingGuide {
  id: string;
  title: string;
  intro: string;
  steps: readonly string[];
}

export interface ComparisonRow {
  topic: string;
  ours: string;
  theirs: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export const LANDING_COPY = {
  meta: {
    title: '{product} — get your ID and support on WhatsApp',
    description:
      'Get your {product} ID through WhatsApp and reach our support team by WhatsApp, phone or Telegram. No tracking, no app to install.',
  } satisfies PageMeta,

  hero: {
    eyebrow: 'Support for our customers in India',
    heading: 'Get your {product} ID on WhatsApp',
    lead: 'Send us a message on WhatsApp and our team sets up your ID in the chat.',
    /** The lead's second sentence: the first one whose channels are published (none when neither is). */
    leadFollowUps: [
      'Questions later? Call {phone} or write to {name} on Telegram.',
      'Questions later? Call {phone}.',
      'Questions later? Write to {name} on Telegram.',
    ],
    whatsappButton: 'Get an ID on WhatsApp',
    callButton: 'Call {phone}',
    /** The message WhatsApp opens with; the visitor can edit it before sending. */
    whatsappMessage: 'Hello {product} team, I would like to get an ID.',
    note: 'Free to message. Your usual data or call charges apply.',
  },

  hoursCard: {
    heading: 'Support hours',
    note: 'Send a WhatsApp message any time; we answer during these hours.',
  },

  statsHeading: '{product} in numbers',
  stats: [
    { value: '{users}', label: 'Users' },
    { value: '{rating}/5', label: 'Customer rating' },
    { value: '24/7', label: 'Send us a message any time' },
    { value: '0', label: 'Trackers on this site' },
  ] satisfies LandingStat[],

  about: {
    heading: 'What is {product}?',
    paragraphs: [
      '{product} is the support desk and contact directory for our customers in India. Instead of long sign-up forms, you get your ID by chatting with a real person on WhatsApp.',
      'The same team answers questions about your ID afterwards, on whichever channel you prefer: WhatsApp, a phone call, Telegram or the contact form on this site.',
    ],
  },

  featuresHeading: 'Why customers use {product}',
  features: [
    {
      icon: 'message',
      title: 'Your ID in a chat',
      body: 'No forms to fill in: tell our team what you need on WhatsApp and they set up your ID with you.',
    },
    {
      icon: 'headset',
      title: 'Real people on support',
      body: 'Every message is read and answered by our support team, not by a bot.',
    },
    {
      icon: 'phone',
      title: 'The channel you already use',
      body: 'WhatsApp, phone, Telegram or the contact form: one team behind all of them.',
    },
    {
      icon: 'clock',
      title: 'Clear business hours',
      body: 'Message us any time; we answer during the business hours listed on the contact page.',
    },
    {
      icon: 'shield',
      title: 'No tracking',
      body: 'This site has no analytics, no advertising and no trackers. We only keep what you send us.',
    },
    {
      icon: 'user',
      title: 'Nothing to install',
      body: 'All you need is WhatsApp or a phone. This site works in any browser.',
    },
  ] satisfies LandingFeature[],

  guidesHeading: 'How it works',
  guidesLead: 'Three short guides: getting your ID, signing in, and saving our contacts on your phone.',
  guides: [
    {
      id: 'register',
      title: 'Get an ID',
      intro: 'Takes a few minutes in WhatsApp.',
      steps: [
        'Tap “Get an ID on WhatsApp”. WhatsApp opens with a message to our team, ready to send.',
        'Send the message, and add your name and city so we know who we are talking to.',
        'Our team replies during business hours with your new ID and how to sign in.',
        'Keep your ID and password to yourself. Our team will never ask for your password.',
      ],
    },
    {
      id: 'login',
      title: 'Sign in',
      intro: 'Use the details our team sent you.',
      steps: [
        'Open the WhatsApp chat with {product} and find the message with your ID.',
        'Sign in with that ID and the password you were given.',
        'Forgot your password? Message us from the same WhatsApp number and we will help you reset it.',
      ],
    },
    {
      id: 'download',
      title: 'Save our contacts',
      intro: 'So you can reach us in one tap.',
      steps: [
        'Install WhatsApp from Google Play or the App Store if you do not have it yet.',
        'Save {whatsapp} in your phone contacts as “{product} Support”.',
        'Optional: follow {name} on Telegram for announcements.',
        'Optional: add this site to your home screen from your browser’s menu (“Add to Home screen”).',
      ],
    },
  ] satisfies LandingGuide[],

  comparison: {
    heading: '{product} compared with {competitor}',
    lead: 'What you can expect from us, next to what is common elsewhere. Always check a provider’s own terms before you sign up.',
    topicColumn: 'What you get',
    caption: 'How {product} compares with {competitor}',
    rows: [
      {
        topic: 'Getting an ID',
        ours: 'In a WhatsApp chat with our team',
        theirs: 'Often a web sign-up form',
      },
      {
        topic: 'Support channels',
        ours: 'WhatsApp, phone, Telegram and a contact form',
        theirs: 'Often email or tickets only',
      },
      {
        topic: 'Who answers',
        ours: 'Our own support team',
        theirs: 'Varies, sometimes a chatbot',
      },
      {
        topic: 'Tracking on the website',
        ours: 'None: no analytics, no ads',
        theirs: 'Varies; read their privacy policy',
      },
      {
        topic: 'App to install',
        ours: 'None; WhatsApp or a phone is enough',
        theirs: 'Sometimes a separate app',
      },
    ] satisfies ComparisonRow[],
  },

  faqHeading: 'Frequently asked questions',
  faqs: [
    {
      question: 'What is {product}?',
      answer:
        '{product} is our support desk and contact directory for customers in India. You get your ID and help with it by WhatsApp, phone, Telegram or the contact form.',
    },
    {
      question: 'How do I get an ID?',
      answer:
        'Tap “Get an ID on WhatsApp” on this page and send the message that opens. Our team replies in the chat with your ID and how to sign in.',
    },
    {
      question: 'Does it cost anything to contact support?',
      answer:
        'No. Messaging and calling our support team is free; your mobile operator’s usual data or call charges apply.',
    },
    {
      question: 'When does the support team answer?',
      answer:
        'You can message us any time. We answer during our business hours, which are listed on the contact page.',
    },
    {
      question: 'What does this website know about me?',
      answer:
        'Nothing from browsing: there is no tracking and no analytics. If you use the contact form, we keep what you typed so we can answer you, and delete it when you ask.',
    },
    {
      question: 'Is {product} part of WhatsApp or Telegram?',
      answer:
        'No. {product} is an independent business. We use WhatsApp and Telegram to talk to you, but we are not affiliated with WhatsApp, Meta or Telegram.',
    },
  ] satisfies FaqEntry[],

  contactHeading: 'Talk to us',
  contactLead: 'Pick the channel that suits you. The same team answers on all of them.',
  contactCards: {
    whatsapp: { title: 'WhatsApp', action: 'Chat on WhatsApp', note: 'Fastest for getting an ID' },
    phone: { title: 'Phone', action: 'Call now', note: 'Talk to a person during business hours' },
    telegram: { title: 'Telegram', action: 'Open in Telegram', note: 'Messages and announcements' },
  },
  allChannelsLink: 'All contact options and business hours',
  floatingWhatsapp: 'Chat with us on WhatsApp',
  opensInNewTab: '(opens in a new tab)',
} as const;
