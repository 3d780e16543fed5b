import { describe, expect, it } from 'vitest';
import { DELETION_RETENTION_DAYS } from '../../shared/rules/account-deletion.ts';
import { contactFactsOf } from '../../shared/rules/contact-facts.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/site-settings.ts';
import { ACCOUNT_DELETION_COPY } from './account-deletion.ts';
import { GAME_PAGE_COPY } from './game.ts';
import englishLanding from './messages/en/landing.json';
import hindiLanding from './messages/hi/landing.json';
import { ERROR_COPY, GAME_COPY, NOT_FOUND_COPY } from './pages.ts';
import { PRIVACY_COPY } from './privacy.ts';
import { copyValues, fillCopy, fillCopyIfKnown } from './site.ts';
import { TERMS_COPY } from './terms.ts';

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe('public copy', () => {
  const facts = contactFactsOf([
    { _id: 'c1', type: 'email', value: 'help@example.com', display: 'help@example.com' },
    {
      _id: 'c2',
      type: 'telegram',
      value: 'https://t.me/sampark_support',
      display: 'https://t.me/sampark_support',
    },
    { _id: 'c3', type: 'phone', value: '+919876543210', display: '+91 98765 43210' },
    { _id: 'c4', type: 'whatsapp', value: '+919876511111', display: '+91 98765 11111' },
    { _id: 'c5', type: 'phone', value: '+919000000000', display: '+91 90000 00000' },
  ]);
  const values = { ...copyValues(DEFAULT_SITE_SETTINGS, facts), year: '2025' };

  it.each(
    Object.entries({
      TERMS_COPY,
      PRIVACY_COPY,
      GAME_COPY,
      GAME_PAGE_COPY,
      NOT_FOUND_COPY,
      ERROR_COPY,
    }),
  )('%s uses only placeholders the settings and channels fill', (_name, copy) => {
    for (const text of strings(copy)) expect(fillCopy(text, values)).not.toMatch(/\{\w+\}/);
  });

  it('ACCOUNT_DELETION_COPY uses only the settings and the number being deleted, and names the retention', () => {
    const texts = strings(ACCOUNT_DELETION_COPY);
    for (const text of texts) {
      expect(fillCopy(text, { ...values, mobile: '+91 98765 43210' })).not.toMatch(/\{\w+\}/);
    }
    expect(texts.join('\n')).toContain(`up to ${DELETION_RETENTION_DAYS} days`);
  });

  it('fills placeholders from the settings and the first channel of each type, and leaves unknown ones visible', () => {
    expect(fillCopy('Call {phone} or write to {name} at {product}', values)).toBe(
      'Call +91 98765 43210 or write to @sampark_support at Sampark',
    );
    expect(fillCopy('Save {whatsapp}; {channels} ways', values)).toBe('Save +91 98765 11111; 5 ways');
    expect(fillCopy('{unknown} stays', values)).toBe('{unknown} stays');
  });

  it('leaves out a text that names a channel nobody published', () => {
    const withoutChannels = copyValues(DEFAULT_SITE_SETTINGS, contactFactsOf([]));
    expect(fillCopyIfKnown('Call {phone}.', withoutChannels)).toBeNull();
    expect(fillCopyIfKnown('{channels} ways', withoutChannels)).toBeNull();
    expect(fillCopyIfKnown('Welcome to {product}', withoutChannels)).toBe('Welcome to Sampark');
  });

  it('has the six landing FAQ entries and the terms sections the spec names', () => {
    for (const landing of [englishLanding, hindiLanding]) expect(Object.keys(landing.faqs)).toHaveLength(6);
    expect(TERMS_COPY.sections.map((section) => section.title)).toEqual([
      'App Description & Purpose',
      'Acceptable Use Policy',
      'Prohibited Activities',
      'Data & Privacy Protection',
      'WhatsApp Integration',
      'Legal Disclaimer',
    ]);
  });
});
