import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './fields.ts';

const code = (char: string) => `U+${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;

describe('hasControlCharacters', () => {
  it.each([
    'Asha Verma',
    'संपर्क सहायता',
    'Café – “quoted” ‘text’ … 50K+',
    'emoji 😀 and 𝒳 (surrogate pairs)',
    '\u00a0non-breaking\u200bzero-width\ufeff',
  ])('takes ordinary text on one line: %s', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
    expect(hasControlCharacters(text, 'multi')).toBe(false);
  });

  it.each([
    '\u0000',
    '\u0001',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u0080',
    '\u0085',
    '\u009f',
    '\ud800',
    '\udbff',
    '\udc00',
    '\udfff',
  ])('refuses %j anywhere in any text', (char) => {
    for (const text of [char, `a${char}`, `${char}b`, `a${char}b`]) {
      expect(`${code(char)} in ${JSON.stringify(text)}: ${hasControlCharacters(text)}`).toMatch(/: true$/);
      expect(hasControlCharacters(text, 'multi')).toBe(true);
    }
  });

  it.each(['\t', '\n', '\r', '\r\n', '\u2028', '\u2029'])('keeps %j for multi-line text only', (char) => {
    expect(hasControlCharacters(`line one${char}line two`, 'multi')).toBe(false);
    expect(hasControlCharacters(`line one${char}line two`)).toBe(true);
  });

  it('refuses a lone surrogate next to a pair, and not the pair', () => {
    expect(hasControlCharacters('😀'.slice(0, 1))).toBe(true);
    expect(hasControlCharacters(`😀${'😀'.slice(1)}`)).toBe(true);
    expect(hasControlCharacters('😀😀')).toBe(false);
  });

  it('agrees with a character-by-character reading for any text', () => {
    const forbidden = (char: string, multi: boolean) => {
      const point = char.codePointAt(0)!;
      if (multi && (char === '\t' || char === '\n' || char === '\r')) return false;
      if (!multi && (point === 0x2028 || point === 0x2029)) return true;
      return point <= 0x1f || (point >= 0x7f && point <= 0x9f) || (point >= 0xd800 && point <= 0xdfff);
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), (text, multi) => {
        // Iterating a string yields surrogate pairs whole and lone surrogates alone.
        const expected = [...text].some((char) => forbidden(char, multi));
        expect(hasControlCharacters(text, multi ? 'multi' : 'single')).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
