import { describe, expect, it } from 'vitest';
import { contactFactsOf } from '../../shared/rules/contact-facts.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/default-site-settings.ts';
import { formatMessage } from '../i18n/format.ts';
import englishLanding from './messages/en/landing.json';
import privacyEn from './messages/en/privacy.json';
import siteEn from './messages/en/site.json';
import termsEn from './messages/en/terms.json';
import hindiLanding from './messages/hi/landing.json';
import privacyHi from './messages/hi/privacy.json';
import siteHi from './messages/hi/site.json';
import termsHi from './messages/hi/terms.json';
import { copyValues } from './site.ts';

/**
 * The catalogues whose texts use only the site's values (and the footer's year), compiled as the pages read
 * them (icu-minify). The other namespaces' own values are tested with their pages.
 */
const CATALOGUES = {
  'site (en)': siteEn,
  'site (hi)': siteHi,
  'landing (en)': englishLanding,
  'landing (hi)': hindiLanding,
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
  // The figures as an owner fills them in (a fresh install leaves them empty, decision 053).
  const settings = { ...DEFAULT_SITE_SETTINGS, usersCount: '50K+', rating: '4.8/5' };
  const values = { ...copyValues(settings, facts), year: '2025' };

  it.each(Object.entries(CATALOGUES))(
    'the %s catalogue uses only values the settings and channels fill',
    (_name, catalogue) => {
      const names = valueNames(catalogue);
      for (const name of names) expect(values, name).toHaveProperty(name);
    },
  );

  it('fills the values from the settings and the first channel of each type', () => {
    const text = (message: unknown) => formatMessage('en', { t: { message } }, 't', 'message', values);
    expect(text(['Call ', ['phone'], ' or write to ', ['name'], ' at ', ['product']])).toBe(
      'Call +91 98765 43210 or write to @sampark_support at Sampark',
    );
    expect(text(['Save ', ['whatsapp'], '; ', ['channels'], ' ways'])).toBe('Save +91 98765 11111; 5 ways');
  });

  it('has no value for a channel nobody published or a figure left empty, so texts naming one are left out', () => {
    const withoutChannels = copyValues(DEFAULT_SITE_SETTINGS, contactFactsOf([]));
    for (const name of ['phone', 'whatsapp', 'name', 'channels', 'users', 'rating'])
      expect(withoutChannels).not.toHaveProperty(name);
    expect(withoutChannels).toMatchObject({ product: 'Sampark' });
  });

  it('has the six landing FAQ entries and the terms sections', () => {
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
