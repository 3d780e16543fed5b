/**
 * A member's mobile as typed, with a calling code or with `+`: on the Members screen and on the public
 * self-deletion page, which is why it is a module of its own (that page loads nothing else of members).
 * The server parses it to E.164 with libphonenumber-js (server/features/members/mobile.ts).
 */

/** The longest mobile text taken, spaces and punctuation included. */
export const MOBILE_MAX_LENGTH = 32;

/** Calling codes offered next to a mobile typed without `+`; India first, the default. */
export const DEFAULT_COUNTRY_CODE = '+91';
export const COUNTRY_CODES = [
  '+91',
  '+971',
  '+966',
  '+974',
  '+965',
  '+968',
  '+973',
  '+44',
  '+1',
  '+65',
  '+60',
  '+61',
  '+977',
  '+880',
  '+94',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
