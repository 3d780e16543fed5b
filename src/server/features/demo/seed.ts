import type { ContactChannelRepository } from '../contact-channels/repository.ts';

/** The sample channels of demo mode; the benchmark publishes the same list. */
export const DEMO_CONTACT_CHANNELS = [
  { type: 'whatsapp', value: '+91 98765 43210', proof: 'Main support line' },
  { type: 'phone', value: '+91 98765 43210', proof: 'Call us, 9 AM - 8 PM' },
  { type: 'telegram', value: '@sampark_support', proof: 'Community and updates' },
  { type: 'email', value: 'support@example.com', proof: '' },
  { type: 'instagram', value: 'https://instagram.com/sampark', proof: '' },
  { type: 'facebook', value: 'https://facebook.com/sampark', proof: '' },
  { type: 'youtube', value: 'https://youtube.com/@sampark', proof: '' },
  { type: 'website', value: 'https://www.example.com', proof: '' },
] as const;

/** Demo mode only: sample content so an evaluator sees a populated site. Runs only on an empty site. */
export async function seedDemoContent({
  contactChannels,
}: {
  contactChannels: ContactChannelRepository;
}): Promise<void> {
  if ((await contactChannels.listAll()).length > 0) return;
  for (const sample of DEMO_CONTACT_CHANNELS) await contactChannels.create({ ...sample, isActive: true });
}
