import { describe, expect, it } from 'vitest';
import { DELETION_RETENTION_DAYS } from '../../shared/rules/account-deletion.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/rules/site-settings.ts';
import { ACCOUNT_DELETION_COPY } from './account-deletion.ts';
import { GAME_PAGE_COPY } from './game.ts';
import { LANDING_COPY } from './landing.ts';
import { ERROR_COPY, GAME_COPY, NOT_FOUND_COPY } from './pages.ts';
import { PRIVACY_COPY } from './privacy.ts';
import { copyValues, fillCopy, SITE_COPY } from './site.ts';
import { TERMS_COPY } from './terms.ts';

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe('public copy', () => {
  const values = { ...copyValues(DEFAULT_SITE_SETTINGS), year: '2025' };

  it.each(
    Object.entries({
      LANDING_COPY,
      TERMS_COPY,
      PRIVACY_COPY,
      SITE_COPY,
      GAME_COPY,
      GAME_PAGE_COPY,
      NOT_FOUND_COPY,
      ERROR_COPY,
    }),
  )('%s uses only placeholders the settings fill', (_name, copy) => {
    for (const text of strings(copy)) expect(fillCopy(text, values)).not.toMatch(/\{\w+\}/);
  });

  it('ACCOUNT_DELETION_COPY uses only the settings and the number being deleted, and names the retention', () => {
    const texts = strings(ACCOUNT_DELETION_COPY);
    for (const text of texts) {
      expect(fillCopy(text, { ...values, mobile: '+91 98765 43210' })).not.toMatch(/\{\w+\}/);
    }
    expect(texts.join('\n')).toContain(`up to ${DELETION_RETENTION_DAYS} days`);
  });

  it('fills placeholders from the settings and leaves unknown ones visible', () => {
    expect(fillCopy('Call {phone} or write to {name} at {product}', values)).toBe(
      'Call +91 98765 43210 or write to @sampark_support at Sampark',
    );
    expect(fillCopy('{unknown} stays', values)).toBe('{unknown} stays');
  });

  it('has the six landing FAQ entries and the terms sections the spec names', () => {
    expect(LANDING_COPY.faqs).toHaveLength(6);
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
