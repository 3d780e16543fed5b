/**
 * The site settings' rules and defaults without zod, for public pages (contracts/site-settings.ts holds the
 * schema, and zod, which public pages must not download).
 */
import type { SiteSettings } from '../contracts/site-settings.ts';

/** The game's branded route: /{Brand}Game with the brand's letters and digits only. */
export function brandGamePath(brandName: string): string {
  return `/${brandName.replace(/[^A-Za-z0-9]/g, '')}Game`;
}

/** What a new site shows until an admin saves the Settings screen. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  brandName: 'Sampark',
  supportEmail: 'support@example.com',
  businessHours: [
    { days: 'Monday-Friday', hours: '9:00 AM - 8:00 PM' },
    { days: 'Saturday', hours: '10:00 AM - 6:00 PM' },
    { days: 'Sunday', hours: 'Emergency Only' },
  ],
  usersCount: '50K+',
  rating: '4.8',
  competitorName: 'Other ID providers',
  timeZone: 'Asia/Kolkata',
};

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list, e.g. Asia/Kolkata';

// An IANA name (Asia/Kolkata, America/Argentina/Buenos_Aires, UTC): Intl also takes offsets such as +05:30,
// which follow no daylight-saving rules and are not a place the owner would pick.
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*)*$/;

/** Whether `value` names a time zone this runtime's Intl knows. */
export function isTimeZone(value: string): boolean {
  if (!TIME_ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
