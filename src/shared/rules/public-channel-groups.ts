import type { ContactChannelType } from './contact-channels.ts';

/**
 * Where a published channel stands on the contact page's first tab: every kind has a group, so no channel
 * is tucked away on another tab (issue 36).
 */
export const PUBLIC_CHANNEL_GROUPS = ['chat', 'call', 'social'] as const;
export type PublicChannelGroup = (typeof PUBLIC_CHANNEL_GROUPS)[number];

export const PUBLIC_CHANNEL_GROUP_OF: Record<ContactChannelType, PublicChannelGroup> = {
  whatsapp: 'chat',
  telegram: 'chat',
  email: 'chat',
  phone: 'call',
  withdrawal_proof: 'social',
  youtube: 'social',
  instagram: 'social',
  facebook: 'social',
  twitter: 'social',
  linkedin: 'social',
  website: 'social',
};
