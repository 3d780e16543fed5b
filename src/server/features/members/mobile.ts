import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY_CODE } from '../../../shared/rules/mobile-numbers.ts';

export interface NormalisedMobile {
  /** E.164, e.g. `+919876543210`: what is stored and compared. */
  e164: string;
  /** For people, e.g. `+91 98765 43210`. */
  international: string;
}

// Full metadata: only it knows which numbers are mobiles. Numbers that may be either (the US, Canada)
// count, since a member must be reachable on WhatsApp or by SMS, which needs a mobile.
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * A mobile as typed (`+91 98765 43210`, `98765-43210`, `098765 43210`) in E.164, or null when it is not
 * a valid mobile number. Without a leading `+` the number is read with `countryCode` (`+91`).
 */
export function normaliseMobile(typed: string, countryCode = DEFAULT_COUNTRY_CODE): NormalisedMobile | null {
  const text = typed.trim();
  const callingCode = countryCode.replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(callingCode)) return null;
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    parsed = parsePhoneNumberFromString(
      text,
      text.startsWith('+') ? undefined : { defaultCallingCode: callingCode },
    );
  } catch {
    // A calling code no country has: libphonenumber-js throws rather than answering undefined.
    return null;
  }
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (!type || !MOBILE_TYPES.has(type)) return null;
  return { e164: parsed.number, international: parsed.formatInternational() };
}

/** A stored E.164 number as people read it; the number itself if it no longer parses (new metadata). */
export function formatMobile(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
