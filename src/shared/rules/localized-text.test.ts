import { describe, expect, it } from 'vitest';
import { localizedText } from './localized-text.ts';

describe('localizedText', () => {
  it('gives the Hindi text on Hindi pages and the English one on English pages', () => {
    expect(localizedText('hi', 'Saturday', 'शनिवार')).toBe('शनिवार');
    expect(localizedText('en', 'Saturday', 'शनिवार')).toBe('Saturday');
  });

  it('falls back to the English text where the Hindi one is empty or missing', () => {
    expect(localizedText('hi', 'Saturday', '')).toBe('Saturday');
    expect(localizedText('hi', 'Saturday', '   ')).toBe('Saturday');
    expect(localizedText('hi', 'Saturday', undefined)).toBe('Saturday');
  });
});
