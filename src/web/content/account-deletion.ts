import { ACCOUNT_DELETION_MESSAGES, DELETION_RETENTION_DAYS } from '../../shared/rules/account-deletion.ts';
import type { PageMeta } from './pages.ts';

/**
 * The account deletion page (/delete-account; SPEC "Account deletion page", sections 4, 5, 8 and 9). The
 * app stores ask this page to name the app, make deleting easy to find and do, and say which data is kept,
 * why and for how long: that is what the server does (a deletion record and the account's log, kept
 * DELETION_RETENTION_DAYS days, then purged). The messages quoted by the spec come from
 * ACCOUNT_DELETION_MESSAGES, shared with the server.
 */

const RETENTION = `${DELETION_RETENTION_DAYS} days`;

export interface DeletionInfoSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  /** After the items. */
  closing?: string;
}

export const ACCOUNT_DELETION_COPY = {
  meta: {
    title: 'Delete your account | {product}',
    description: `Delete your {product} account yourself: what is deleted at once, what is kept for up to ${RETENTION} for legal compliance, and how to use your number again.`,
  } satisfies PageMeta,
  heading: 'Delete your {product} account',
  lead: 'Delete the {product} ID our team gave you (your mobile number and password) yourself, right here. It takes a minute. Deleting cannot be undone.',

  form: {
    heading: 'Delete my account',
    intro: 'Enter the mobile number and password of your {product} ID.',
    countryCode: 'Country code',
    mobile: 'Mobile number',
    mobilePlaceholder: '98765 43210',
    mobileHint: 'A number typed with + and its country code (such as +91 98765 43210) keeps its own code.',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Delete my account',
    forgotPassword: 'Forgot your password?',
    forgotPasswordLink: 'Contact us and we will help you',
  },

  confirm: {
    heading: 'Delete this account for good?',
    /** {mobile} is the number as typed, with its country code. */
    body: 'The {product} account for {mobile} will be deleted now. This cannot be undone.',
    consequences: [
      'Your password and name are deleted at once, and you can no longer sign in.',
      `A record of the deletion and the account’s activity log are kept for up to ${RETENTION}, then erased.`,
    ],
    confirm: 'Yes, delete my account',
    cancel: 'Cancel',
  },

  done: {
    heading: ACCOUNT_DELETION_MESSAGES.deleted,
    body: `Your password and name are deleted and you can no longer sign in. The deletion record is erased within ${RETENTION}. You can register again with the same mobile number whenever you like.`,
    homeLink: 'Go to the home page',
  },

  steps: {
    heading: 'How to delete your account',
    items: [
      'Enter the mobile number and password of your {product} ID.',
      'Press “Delete my account”.',
      'Check the number and confirm. Your account is deleted straight away.',
    ],
  },

  sections: [
    {
      id: 'deleted',
      title: 'What is deleted',
      paragraphs: ['As soon as you confirm:'],
      items: [
        'Your password and your name are deleted.',
        'You can no longer sign in with this ID.',
        'Our team no longer sees the account among our members.',
      ],
    },
    {
      id: 'kept',
      title: `What we keep, why, and for how long`,
      paragraphs: [
        `For legal compliance, to handle disputes and fraud checks, we keep for up to ${RETENTION}:`,
      ],
      items: [
        'a record of the deletion: your mobile number and the dates the account was created and deleted;',
        'the log of actions on the account (such as when it was created, renamed or had its password reset).',
      ],
      closing: `After ${RETENTION} both are erased for good. Nothing else about the account is kept.`,
    },
    {
      id: 'reuse',
      title: 'Using your number again',
      paragraphs: [
        'Your mobile number is free again straight away: you can register again with the same number whenever you like.',
      ],
    },
    {
      id: 'messages',
      title: 'Messages you sent us',
      paragraphs: [
        'Messages sent through our contact form are not part of your account, so deleting the account does not delete them. To have them deleted, write to us at {email} or through the contact page; the privacy policy explains what they contain.',
      ],
    },
  ] satisfies DeletionInfoSection[],
  contactLink: 'Contact page',
  privacyLink: 'Privacy policy',
} as const;
