import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChannelLink } from '../rules/channel-links.ts';
import { CONTACT_CHANNEL_GROUPS, CONTACT_CHANNEL_TYPES } from '../rules/contact-channels.ts';
import { ContactChannelCreateSchema, channelValueProblem } from './contact-channels.ts';

describe('contact channel rules', () => {
  it('has the eleven types in their two groups', () => {
    expect(CONTACT_CHANNEL_GROUPS.map((group) => [group.label, [...group.types]])).toEqual([
      ['Contact Info', ['phone', 'whatsapp', 'email', 'telegram', 'withdrawal_proof']],
      ['Social Media', ['youtube', 'instagram', 'facebook', 'twitter', 'linkedin', 'website']],
    ]);
    expect(CONTACT_CHANNEL_TYPES).toHaveLength(11);
  });

  it('takes numbers as people type them, with or without the country code', () => {
    expect(channelValueProblem('whatsapp', '+91 98765-43210')).toBeNull();
    expect(channelValueProblem('phone', '+1 (415) 555-0132')).toBeNull();
    expect(channelValueProblem('phone', '9876543210')).toBeNull();
    expect(channelValueProblem('phone', '098765 43210')).toBeNull();
    expect(channelValueProblem('whatsapp', '+91 12')).not.toBeNull();
    expect(channelValueProblem('whatsapp', '+91 98765 43210 12345')).not.toBeNull();
    expect(channelValueProblem('phone', 'call me')).not.toBeNull();
  });

  it('parses a form submission with the defaults', () => {
    expect(ContactChannelCreateSchema.parse({ value: ' 98765 43210 ', countryCode: '+91' })).toEqual({
      type: 'phone',
      value: '98765 43210',
      countryCode: '+91',
      isActive: true,
      proof: '',
      proofHi: '',
      showProof: false,
    });
  });

  it('only accepts values the link builder can turn into a link', () => {
    expect(buildChannelLink('email', "'.a@a.aa")).not.toBeNull();
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTACT_CHANNEL_TYPES),
        fc.oneof(fc.string({ maxLength: 80 }), fc.webUrl(), fc.emailAddress()),
        (type, value) => {
          if (channelValueProblem(type, value) === null) {
            expect(buildChannelLink(type, value.trim())).not.toBeNull();
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
