import fc from 'fast-check';
import { expect } from 'vitest';
import type { NormalisedPhone } from '../lib/phone-numbers.ts';

/** Numbers no phone rule reads, whatever the kind of number it wants: [what, typed, country code]. */
export const UNREADABLE_NUMBERS: [string, string, string][] = [
  ['too few digits', '98765 4321', '+91'],
  ['too many digits', '98765 432101', '+91'],
  ['letters', 'call me', '+91'],
  ['nothing', '', '+91'],
  ['a bad country code', '98765 43210', '+abc'],
  ['a country code no country has', '98765 43210', '+9999'],
];

/** A phone rule gives E.164 or null for any text and never throws. */
export function expectE164OrNullForAnyText(
  normalise: (typed: string, countryCode: string) => NormalisedPhone | null,
): void {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('+91', '+1', '+44', '+9999', ''),
      (typed, code) => {
        const result = normalise(typed, code);
        if (result) expect(result.e164).toMatch(/^\+[1-9]\d{6,14}$/);
      },
    ),
  );
}
