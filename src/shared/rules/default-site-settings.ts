import type { SiteSettings } from '../contracts/site-settings.ts';

/** The demo's week (decision 073): Monday to Friday 9 to 8, Saturday 10 to 6, Sunday closed. */
export const DEMO_OPENING_HOURS: NonNullable<SiteSettings['openingHours']> = {
  week: [
    ...Array.from({ length: 5 }, () => [{ opens: '09:00', closes: '20:00' }]),
    [{ opens: '10:00', closes: '18:00' }],
    [],
  ],
  closures: [],
};

/** What a new site shows until an admin saves the Settings screen. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  brandName: 'Sampark',
  supportEmail: 'support@example.com',
  businessHours: [
    {
      days: 'Monday-Friday',
      hours: '9:00 AM - 8:00 PM',
      daysHi: 'सोमवार-शुक्रवार',
      hoursHi: 'सुबह 9:00 - रात 8:00',
    },
    { days: 'Saturday', hours: '10:00 AM - 6:00 PM', daysHi: 'शनिवार', hoursHi: 'सुबह 10:00 - शाम 6:00' },
    { days: 'Sunday', hours: 'Emergency Only', daysHi: 'रविवार', hoursHi: 'सिर्फ़ इमरजेंसी के लिए' },
  ],
  openingHours: DEMO_OPENING_HOURS,
  // No figure until the owner enters one: the pages show none (decision 053).
  usersCount: '',
  rating: '',
  competitorName: 'Other ID providers',
  timeZone: 'Asia/Kolkata',
  logo: '',
};
