import type { PageMeta } from './pages.ts';

/**
 * The Terms and Conditions page (SPEC section 2, "Terms page"). Placeholders come from the site settings
 * (site.ts). The figures are the same settings the landing page shows, so the two never disagree.
 */

export interface TermsStat {
  value: string;
  label: string;
  /** The label when the value is 1. */
  labelForOne?: string;
}

export interface TermsFeature {
  icon: 'building' | 'shield' | 'message';
  title: string;
  body: string;
}

export type Severity = 'high' | 'medium';

export interface TermsItem {
  title: string;
  body: string;
  severity?: Severity;
}

export interface TermsSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly TermsItem[];
}

export const TERMS_COPY = {
  meta: {
    title: 'Terms and Conditions | {product}',
    description:
      'The terms for using {product}: a contact directory that connects you with our support team on WhatsApp, phone and Telegram.',
  } satisfies PageMeta,
  heading: 'Terms and Conditions',
  lead: 'The rules for using {product}, in plain words. By using this site you agree to them.',
  tabsLabel: 'Terms',
  tabs: { overview: 'Overview', detailed: 'Detailed Terms' },

  stats: [
    { value: '{users}', label: 'Users' },
    { value: '{rating}/5', label: 'Customer rating' },
    { value: '0', label: 'Trackers on this site' },
    // The published channels, counted; the tile is left out when there are none.
    { value: '{channels}', label: 'Ways to reach us', labelForOne: 'Way to reach us' },
  ] satisfies TermsStat[],

  featuresHeading: 'What {product} is',
  features: [
    {
      icon: 'building',
      title: 'A business platform',
      body: '{product} is a contact directory for business communication: it shows you how to reach our support team.',
    },
    {
      icon: 'shield',
      title: 'No data collection while you browse',
      body: 'No tracking, no analytics, no advertising. Only what you send us through the contact form is kept, to answer you.',
    },
    {
      icon: 'message',
      title: 'Redirects to your messaging app',
      body: 'Our contact buttons open WhatsApp, Telegram or your phone app. The conversation then happens in that app.',
    },
  ] satisfies TermsFeature[],

  keyTerms: {
    heading: 'Key terms at a glance',
    allowedHeading: 'Allowed',
    allowed: ['Business communication', 'Professional networking', 'Contact directory access'],
    prohibitedHeading: 'Prohibited',
    prohibited: ['Spam or harassment', 'Illegal activities', 'Unauthorized solicitation'],
  },

  support: {
    heading: 'Questions about these terms?',
    body: 'Write to us or use the contact page; we answer during business hours.',
    emailLink: 'Email {email}',
    contactLink: 'Contact support',
  },

  detailedHeading: 'Detailed terms',
  severityLabels: { high: 'High', medium: 'Medium' } satisfies Record<Severity, string>,
  severitySuffix: 'severity',
  sections: [
    {
      id: 'description',
      title: 'App Description & Purpose',
      paragraphs: [
        '{product} is a contact directory. It lists the channels through which you can reach our support team — WhatsApp, phone, Telegram, email and a contact form — and opens them for you.',
        '{product} is independent. It is not affiliated with, endorsed by or sponsored by WhatsApp, Meta or Telegram.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable Use Policy',
      paragraphs: ['When you use {product} and contact our team, we expect:'],
      items: [
        {
          title: 'Legitimate communication',
          body: 'Contact us about your ID, your account or our services.',
        },
        {
          title: 'Respecting platform guidelines',
          body: 'Follow the rules of WhatsApp, Telegram and any other app you use to reach us.',
        },
        {
          title: 'Professional conduct',
          body: 'Be courteous with our support team, as they are with you.',
        },
        {
          title: 'Reporting issues',
          body: 'Tell us about broken links, wrong numbers or anything that looks like misuse of our name.',
        },
      ],
    },
    {
      id: 'prohibited',
      title: 'Prohibited Activities',
      paragraphs: ['The following are not allowed. We may stop answering anyone who does them.'],
      items: [
        {
          title: 'Spam',
          body: 'Unsolicited bulk or repeated messages to our channels.',
          severity: 'high',
        },
        {
          title: 'Harassment',
          body: 'Abusive, threatening or hateful messages to our team or others.',
          severity: 'high',
        },
        {
          title: 'Illegal activities',
          body: 'Using {product} or our channels for anything against the law.',
          severity: 'high',
        },
        {
          title: 'Malware',
          body: 'Sending viruses, harmful links or files, or trying to break into this site.',
          severity: 'high',
        },
        {
          title: 'Impersonation',
          body: 'Pretending to be {product}, our staff or another person.',
          severity: 'medium',
        },
        {
          title: 'Unauthorized commercial solicitation',
          body: 'Advertising or selling to our customers through our channels without our permission.',
          severity: 'medium',
        },
      ],
    },
    {
      id: 'privacy',
      title: 'Data & Privacy Protection',
      paragraphs: [
        'Browsing this site collects no personal data: there is no tracking, no analytics and no advertising.',
        'If you send us a message through the contact form, we keep what you typed (name, phone, email, city, message and the service you chose) to answer you, and delete it when you ask. The Privacy Policy explains this in full.',
      ],
    },
    {
      id: 'whatsapp',
      title: 'WhatsApp Integration',
      paragraphs: [
        'Our WhatsApp buttons open a chat with our business number, sometimes with a message ready for you to edit and send. Nothing is sent until you press send.',
        'Once you are in WhatsApp, WhatsApp’s own terms and privacy policy apply to that conversation. The same goes for Telegram and your phone operator.',
      ],
    },
    {
      id: 'disclaimer',
      title: 'Legal Disclaimer',
      paragraphs: [
        '{product} is provided as is. We work to keep the contact details correct and the site available, but cannot guarantee that it is always free of errors or interruptions, or that third-party apps are available.',
        'Our liability is limited to the contact directory service itself. Nothing in these terms limits rights you have by law that cannot be limited by an agreement.',
      ],
    },
  ] satisfies TermsSection[],

  updates: {
    heading: 'Updates & Changes',
    paragraphs: [
      'We may update these terms. Continuing to use {product} after a change means you accept the updated terms.',
      'We announce major changes through updates to this site and on our contact channels.',
    ],
  },

  lastUpdated: 'Last updated:',
} as const;
