/** The contact channel types and their display rules, without zod: public pages import this. */

const CONTACT_INFO_TYPES = ['phone', 'whatsapp', 'email', 'telegram', 'withdrawal_proof'] as const;
const SOCIAL_MEDIA_TYPES = ['youtube', 'instagram', 'facebook', 'twitter', 'linkedin', 'website'] as const;
export const CONTACT_CHANNEL_TYPES = [...CONTACT_INFO_TYPES, ...SOCIAL_MEDIA_TYPES] as const;

export type ContactChannelType = (typeof CONTACT_CHANNEL_TYPES)[number];

export const CONTACT_CHANNEL_GROUPS = [
  { label: 'Contact Info', types: CONTACT_INFO_TYPES },
  { label: 'Social Media', types: SOCIAL_MEDIA_TYPES },
] as const;

export const CONTACT_CHANNEL_LABELS: Record<ContactChannelType, string> = {
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  email: 'Email',
  telegram: 'Telegram',
  withdrawal_proof: 'Withdrawal Proof',
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  website: 'Website',
};

/** Types whose value is a web address: the form labels the field 'Link:' for these. */
export const LINK_TYPES: ReadonlySet<ContactChannelType> = new Set([
  'withdrawal_proof',
  ...SOCIAL_MEDIA_TYPES,
]);

export const CONTACT_CHANNEL_PLACEHOLDERS: Record<ContactChannelType, string> = {
  phone: '98765 43210',
  whatsapp: '98765 43210',
  email: 'support@example.com',
  telegram: '@yourhandle or https://t.me/yourhandle',
  withdrawal_proof: 'https://t.me/yourchannel',
  youtube: 'https://youtube.com/@yourchannel',
  instagram: 'https://instagram.com/yourhandle',
  facebook: 'https://facebook.com/yourpage',
  twitter: 'https://x.com/yourhandle',
  linkedin: 'https://linkedin.com/company/yourcompany',
  website: 'https://www.example.com',
};

export const CHANNEL_VALUE_MAX_LENGTH = 500;
export const CHANNEL_PROOF_MAX_LENGTH = 500;
