import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
    ['too few digits', '98765 4321', '+91'],
    ['too many digits', '98765 432101', '+91'],
    ['letters', 'call me', '+91'],
    ['nothing', '', '+91'],
    ['a bad country code', '98765 43210', '+abc'],
    ['a country code no country has', '98765 43210', '+9999'],
  ])('refuses %s', (_, typed, code) => {
    expect(normaliseMobile(typed, code)).toBeNull();
  });

  it('gives E.164 or null for any text, never throws', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('+91', '+1', '+44', '+9999', ''),
        (typed, code) => {
          const result = normaliseMobile(typed, code);
          if (result) expect(result.e164).toMatch(/^\+[1-9]\d{6,14}$/);
        },
      ),
    );
  });
});
