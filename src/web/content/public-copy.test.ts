import { describe, expect, it } from 'vitest';
import { contactFactsOf } from '../../shared/rules/contact-facts.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/site-settings.ts';
import englishLanding from './messages/en/landing.json';
import privacyEn from './messages/en/privacy.json';
import termsEn from './messages/en/terms.json';
import hindiLanding from './messages/hi/landing.json';
import privacyHi from './messages/hi/privacy.json';
import termsHi from './messages/hi/terms.json';
import { ERROR_COPY, NOT_FOUND_COPY } from './pages.ts';
import { copyValues, fillCopy, fillCopyIfKnown } from './site.ts';

/** The terms' and privacy catalogues in each language, compiled as the pages read them (icu-minify). */
const CATALOGUES = {
  'terms (en)': termsEn,
  'terms (hi)': termsHi,
  'privacy (en)': privacyEn,
  'privacy (hi)': privacyHi,
};

/**
 * The names of the values compiled messages use, anywhere in a catalogue: a part naming a value is `[name]`
 * or `[name, type, options]` (src/web/i18n/copy.tsx); a plural's or select's options hold messages of their own.
 */
function valueNames(tree: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(tree)) {
    const [first, second] = tree as unknown[];
    const isPart =
      typeof first === 'string' && /^\w+$/.test(first) && (tree.length === 1 || typeof second === 'number');
    if (isPart) names.add(first);
    for (const item of tree) valueNames(item, names);
  } else if (typeof tree === 'object' && tree !== null) {
    for (const item of Object.values(tree)) valueNames(item, names);
  }
  return names;
}

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
      NOT_FOUND_COPY,
      ERROR_COPY,
    }),
  )('%s uses only placeholders the settings and channels fill', (_name, copy) => {
    for (const text of strings(copy)) expect(fillCopy(text, values)).not.toMatch(/\{\w+\}/);
  });

  it.each(Object.entries(CATALOGUES))(
    'the %s catalogue uses only values the settings and channels fill',
    (_name, catalogue) => {
      const names = valueNames(catalogue);
      expect([...names]).toContain('product');
      for (const name of names) expect(values, name).toHaveProperty(name);
    },
  );

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
    expect(Object.values(termsEn.sections).map((section) => section.title)).toEqual([
      'App Description & Purpose',
      'Acceptable Use Policy',
      'Prohibited Activities',
      'Data & Privacy Protection',
      'WhatsApp Integration',
      'Legal Disclaimer',
    ]);
  });
});
