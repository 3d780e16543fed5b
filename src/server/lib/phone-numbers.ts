/**
 * The one phone rule of the server (issue 16): a number as people type it, read with the country chosen
 * beside it (India unless another is chosen; a number typed with `+` keeps its own), stored in E.164 and
 * shown in international form. The contact form, contact channels and members use it; public pages only
 * check a number's shape (rules/phone-shape.ts), so they never load libphonenumber-js.
 */
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY_CODE } from '../../shared/rules/mobile-numbers.ts';

export interface NormalisedPhone {
  /** E.164, e.g. `+919876543210`: what is stored and compared. */
  e164: string;
  /** For people, e.g. `+91 98765 43210`. */
  international: string;
}

/**
 * A valid number as typed (`+91 98765 43210`, `98765-43210`, `098765 43210`), or null. Without a leading `+`
 * the number is read with `countryCode` (`+91`).
 */
export function parsePhone(typed: string, countryCode = DEFAULT_COUNTRY_CODE): PhoneNumber | null {
  const text = typed.trim();
  const callingCode = countryCode.replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(callingCode)) return null;
  let parsed: PhoneNumber | undefined;
  try {
    parsed = parsePhoneNumberFromString(
      text,
      text.startsWith('+') ? undefined : { defaultCallingCode: callingCode },
    );
  } catch {
    // A calling code no country has: libphonenumber-js throws rather than answering undefined.
    return null;
  }
  return parsed?.isValid() ? parsed : null;
}

/** A valid number in E.164 and for people, or null when it is not one. */
export function normalisePhone(typed: string, countryCode = DEFAULT_COUNTRY_CODE): NormalisedPhone | null {
  const parsed = parsePhone(typed, countryCode);
  return parsed && { e164: parsed.number, international: parsed.formatInternational() };
}

/** A stored number as people read it; the text itself when it does not parse (kept from before, or new metadata). */
export function formatPhone(stored: string): string {
  return parsePhone(stored)?.formatInternational() ?? stored;
}

/**
 * The digits of a search that looks like a phone number (`98765 43210`, `+91 98765`), which match inside a
 * stored E.164; a national trunk `0` typed before a number without `+` is dropped. Null for other text.
 */
export function searchDigits(term: string): string | null {
  if (!/^[+\d\s\-().]+$/.test(term) || !/\d/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  if (term.trimStart().startsWith('+')) return digits;
  return digits.replace(/^0+(?=\d)/, '');
}
