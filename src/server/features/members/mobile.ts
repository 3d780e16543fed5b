import { type NormalisedPhone, parsePhone } from '../../lib/phone-numbers.ts';

// Full metadata: only it knows which numbers are mobiles. Numbers that may be either (the US, Canada)
// count, since a member must be reachable on WhatsApp or by SMS, which needs a mobile.
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * A mobile as typed, read by the one phone rule (lib/phone-numbers.ts), or null when it is not a valid
 * mobile number: members must also be reachable on WhatsApp or by SMS.
 */
export function normaliseMobile(typed: string, countryCode?: string): NormalisedPhone | null {
  const parsed = parsePhone(typed, countryCode);
  const type = parsed?.getType();
  if (!parsed || !type || !MOBILE_TYPES.has(type)) return null;
  return { e164: parsed.number, international: parsed.formatInternational() };
}
