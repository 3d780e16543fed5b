import { describe, expect, it } from 'vitest';
import { expectE164OrNullForAnyText, UNREADABLE_NUMBERS } from '../../test-support/phone-cases.ts';
import { normaliseMobile } from './mobile.ts';

describe('normaliseMobile', () => {
  it.each([
    ['98765-43210', '+91', '+919876543210', '+91 98765 43210'],
    ['98765 43210', undefined, '+919876543210', '+91 98765 43210'],
    ['098765 43210', '+91', '+919876543210', '+91 98765 43210'],
    ['(98765) 43210', '+91', '+919876543210', '+91 98765 43210'],
    ['+919876543210', undefined, '+919876543210', '+91 98765 43210'],
    // A number typed with + keeps its own country, whatever code was chosen next to it.
    ['+91 98765 43210', '+44', '+919876543210', '+91 98765 43210'],
    ['07400 123456', '+44', '+447400123456', '+44 7400 123456'],
    ['050 123 4567', '+971', '+971501234567', '+971 50 123 4567'],
    // Numbers that may be fixed lines or mobiles (the US) are accepted.
    ['(415) 555-2671', '+1', '+14155552671', '+1 415 555 2671'],
  ])('reads %s (code %s) as %s', (typed, code, e164, international) => {
    expect(normaliseMobile(typed, code)).toEqual({ e164, international });
  });

  it.each([
    ['a fixed line', '+91 20 2612 3456', undefined],
    ['a UK fixed line', '020 7946 0000', '+44'],
    ...UNREADABLE_NUMBERS,
  ])('refuses %s', (_, typed, code) => {
    expect(normaliseMobile(typed, code)).toBeNull();
  });

  it('gives E.164 or null for any text, never throws', () => {
    expectE164OrNullForAnyText(normaliseMobile);
  });
});
