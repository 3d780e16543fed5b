/**
 * The shape of a phone number as people type it, without libphonenumber-js: a module of its own, so that the
 * pages that need it (the contact form, the channels) load it and the calling codes, and no other page does.
 */
import { digitsOf } from './fields.ts';
import { COUNTRY_CODES } from './mobile-numbers.ts';

/** A phone number as people type it: digits with spaces, hyphens, dots or brackets, `+` first if any. */
const PHONE_SHAPE = /^\+?[\d\s\-().]+$/;

/**
 * The number without its calling code (when typed with `+` and one of ours) and without one trunk `0`. In
 * none of the countries offered does a number start with `0` after that: `0000000000` is no number.
 */
function nationalDigits(value: string): string {
  let digits = digitsOf(value);
  if (value.trimStart().startsWith('+')) {
    const code = COUNTRY_CODES.find((candidate) => digits.startsWith(candidate.slice(1)));
    // A calling code we do not offer: its numbers are the server's to judge.
    if (!code) return '';
    digits = digits.slice(code.length - 1);
  }
  return digits.replace(/^0/, '');
}

/**
 * Whether text has the shape of a phone number (`98765 43210`, `098765-43210`, `+91 98765 43210`): the
 * public form's check before sending, and the server's first check (contracts/contact-inquiry-form.ts), so
 * the browser refuses what the server would. Whether it is a real number of the chosen country is the
 * server's further check (server/lib/phone-numbers.ts, libphonenumber-js), which public pages do not load.
 */
export function isPhoneShape(value: string): boolean {
  const digits = digitsOf(value).length;
  return PHONE_SHAPE.test(value) && digits >= 7 && digits <= 15 && !nationalDigits(value).startsWith('0');
}
