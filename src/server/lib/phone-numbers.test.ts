import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../shared/rules/mobile-numbers.ts';
import { isPhoneShape } from '../../shared/rules/phone-shape.ts';
import { expectE164OrNullForAnyText, UNREADABLE_NUMBERS } from '../test-support/phone-cases.ts';
import { formatPhone, normalisePhone, searchDigits } from './phone-numbers.ts';

describe('normalisePhone', () => {
  it.each([
    ['9876543210', undefined, '+919876543210', '+91 98765 43210'],
    ['98765 43210', '+91', '+919876543210', '+91 98765 43210'],
    ['09876543210', '+91', '+919876543210', '+91 98765 43210'],
    ['+91 98765 43210', '+44', '+919876543210', '+91 98765 43210'],
    // Unlike a member's mobile, a number to call may be a fixed line.
    ['020 2612 3456', '+91', '+912026123456', '+91 20 2612 3456'],
    ['020 7946 0000', '+44', '+442079460000', '+44 20 7946 0000'],
    ['050 123 4567', '+971', '+971501234567', '+971 50 123 4567'],
  ])('reads %s (code %s) as %s', (typed, code, e164, international) => {
    expect(normalisePhone(typed, code)).toEqual({ e164, international });
  });

  it.each([['nonsense digits', '12345', '+91'], ...UNREADABLE_NUMBERS])('refuses %s', (_, typed, code) => {
    expect(normalisePhone(typed, code)).toBeNull();
  });

  it('gives E.164 or null for any text, never throws', () => {
    expectE164OrNullForAnyText(normalisePhone);
  });

  it('formats a stored number for people, and keeps one that does not parse', () => {
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

describe('the browser’s phone check (shared/rules/phone-shape.ts) and this one', () => {
  it.each([
    ['0000000000', '+91'],
    ['00000 00000', '+91'],
    ['+91 0000000000', '+91'],
    ['0 00000 00000', '+44'],
  ])('both refuse %s (code %s), so the form says so before sending', (typed, code) => {
    expect(normalisePhone(typed, code)).toBeNull();
    expect(isPhoneShape(typed)).toBe(false);
  });

  it('the browser never refuses a number of seven digits or more that this rule takes', () => {
    // Valid numbers of every country offered, typed with or without their code and trunk 0. Fewer than seven
    // digits is no number the form takes on either side: the shared shape is the server's first check too
    // (Bangladesh's six-digit lines, which this rule alone would take, are refused by both).
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRY_CODES),
        fc.stringMatching(/^[0-9]{7,12}$/),
        fc.constantFrom('', '0', '+'),
        (code, digits, prefix) => {
          const typed = prefix === '+' ? `${code} ${digits}` : `${prefix}${digits}`;
          if (normalisePhone(typed, code)) expect(isPhoneShape(typed)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
    expect(isPhoneShape('931000')).toBe(false);
    for (const typed of [
      '9876543210',
      '098765 43210',
      '+91 098765 43210',
      '020 7946 0958',
      '+44 20 7946 0958',
    ]) {
      expect(isPhoneShape(typed)).toBe(true);
    }
  });
});

describe('searchDigits', () => {
  it.each([
    ['98765 43210', '9876543210'],
    ['+91 98765', '9198765'],
    ['98765-43210', '9876543210'],
    ['098765', '98765'],
    ['0', '0'],
    ['(415) 555', '415555'],
  ])('reads %s as the digits %s', (term, digits) => {
    expect(searchDigits(term)).toBe(digits);
  });

  it.each(['Asha', 'Asha 98765', '-', '+'])('reads %s as no number', (term) => {
    expect(searchDigits(term)).toBeNull();
  });
});
