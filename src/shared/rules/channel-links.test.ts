import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChannelLink, channelClickPath, SAFE_LINK_PROTOCOLS } from './channel-links.ts';
import { CONTACT_CHANNEL_TYPES } from './contact-channels.ts';

describe('buildChannelLink', () => {
  it.each([
    ['whatsapp', '+91 98765-43210', 'https://wa.me/919876543210'],
    ['whatsapp', '(+91) 98765 43210', 'https://wa.me/919876543210'],
    ['phone', '+91 98765-43210', 'tel:+919876543210'],
    ['phone', '022 2345 6789', 'tel:02223456789'],
    ['email', 'help@example.com', 'mailto:help@example.com'],
    ['email', "o'brien@example.com", "mailto:o'brien@example.com"],
    ['telegram', '@sampark_help', 'https://t.me/sampark_help'],
    ['telegram', 'sampark_help', 'https://t.me/sampark_help'],
    ['telegram', 'https://t.me/sampark_help', 'https://t.me/sampark_help'],
    ['telegram', 't.me/sampark_help', 'https://t.me/sampark_help'],
    ['instagram', '@sampark.in', 'https://instagram.com/sampark.in'],
    ['instagram', 'https://instagram.com/sampark', 'https://instagram.com/sampark'],
    ['facebook', 'samparkpage', 'https://facebook.com/samparkpage'],
    ['youtube', 'https://youtube.com/@sampark', 'https://youtube.com/@sampark'],
    ['website', 'http://example.com/a?b=c', 'http://example.com/a?b=c'],
  ] as const)('builds the %s link for %s', (type, value, expected) => {
    expect(buildChannelLink(type, value)).toBe(expected);
  });

  it('adds a prefilled WhatsApp message', () => {
    expect(buildChannelLink('whatsapp', '+91 98765 43210', { text: 'Hi, I need an ID & help' })).toBe(
      'https://wa.me/919876543210?text=Hi%2C%20I%20need%20an%20ID%20%26%20help',
    );
  });

  it.each([
    ['website', 'javascript:alert(1)'],
    ['website', 'JaVaScRiPt:alert(1)'],
    ['website', 'example.com'],
    ['linkedin', 'data:text/html,<script>alert(1)</script>'],
    ['telegram', 'javascript:alert("t.me/")'],
    ['instagram', 'javascript://%0aalert(1)'],
    ['email', 'javascript:alert(1)@x.com'],
    ['whatsapp', 'no digits here'],
    ['phone', ''],
  ] as const)('makes no link for the %s value %s', (type, value) => {
    expect(buildChannelLink(type, value)).toBeNull();
  });

  it('never yields a scheme outside https, http, tel, mailto and sms, whatever the value', () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc
        .tuple(
          fc.constantFrom(
            'javascript:',
            'JAVASCRIPT:',
            ' javascript:',
            'data:',
            'vbscript:',
            'file:',
            '\tjava\nscript:',
            'blob:',
          ),
          fc.string({ maxLength: 50 }),
          fc.constantFrom('', 't.me/x', '@x', 'http://x', '//t.me'),
        )
        .map((parts) => parts.join('')),
      fc.webUrl(),
      fc.emailAddress(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTACT_CHANNEL_TYPES),
        hostile,
        fc.option(fc.string()),
        (type, value, text) => {
          const link = buildChannelLink(type, value, text === null ? {} : { text });
          if (link !== null) {
            expect(SAFE_LINK_PROTOCOLS.has(new URL(link).protocol)).toBe(true);
            expect(link.toLowerCase()).not.toMatch(/^\s*(javascript|data|vbscript):/);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('channelClickPath', () => {
  it('names the channel in our own counted link, with WhatsApp’s message as its query', () => {
    const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    expect(channelClickPath(id)).toBe(`/go/${id}`);
    expect(channelClickPath(id, { text: 'Hi, I need an ID & help' })).toBe(
      `/go/${id}?text=Hi%2C%20I%20need%20an%20ID%20%26%20help`,
    );
  });
});
