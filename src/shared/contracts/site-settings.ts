import { z } from 'zod';
import { EmailSchema, InternationalPhoneSchema } from './fields.ts';
import { withoutControlCharacters } from './text-checks.ts';

// Public pages import it from brand.ts directly; re-exported for code that already has the settings module.
export { brandGamePath } from '../rules/brand.ts';

/**
 * The business's own facts, edited by an admin on the Settings screen. The spec's placeholders
 * {product}, {phone} and {name} and its marketing figures come from here and nowhere else, so the
 * landing page and the terms page can never disagree.
 */
export const BusinessHoursRowSchema = z.object({
  days: z
    .string()
    .trim()
    .check(withoutControlCharacters('Days'))
    .min(1, 'Days are required')
    .max(40, 'At most 40 characters'),
  hours: z
    .string()
    .trim()
    .check(withoutControlCharacters('Hours'))
    .min(1, 'Hours are required')
    .max(40, 'At most 40 characters'),
});

export const SiteSettingsSchema = z.object({
  /** The spec's {product}; also names the game route /{Brand}Game. */
  brandName: z
    .string()
    .trim()
    .check(withoutControlCharacters('Brand name'))
    .min(1, 'Brand name is required')
    .max(40, 'At most 40 characters')
    .regex(/[A-Za-z0-9]/, 'Use at least one letter or digit'),
  /** The spec's {phone}: the number the Call buttons dial. */
  supportPhone: InternationalPhoneSchema,
  whatsappNumber: InternationalPhoneSchema,
  /** The spec's {name}: stored without the @. */
  telegramHandle: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, 'Enter a Telegram handle such as @yourhandle')),
  supportEmail: EmailSchema,
  businessHours: z.array(BusinessHoursRowSchema).min(1, 'Add at least one row').max(7, 'At most 7 rows'),
  /** Marketing figures, shown as typed: e.g. "50K+" users and a "4.8" rating out of 5. */
  usersCount: z
    .string()
    .trim()
    .check(withoutControlCharacters('Users figure'))
    .min(1, 'Users figure is required')
    .max(20, 'At most 20 characters'),
  rating: z
    .string()
    .trim()
    .regex(/^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/, 'Enter a rating from 0 to 5, e.g. 4.8'),
  /** The competitor named in the landing page's comparison. */
  competitorName: z
    .string()
    .trim()
    .check(withoutControlCharacters('Competitor'))
    .min(1, 'Competitor is required')
    .max(60, 'At most 60 characters'),
});
export type SiteSettings = z.output<typeof SiteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof SiteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  brandName: 'Sampark',
  supportPhone: '+91 98765 43210',
  whatsappNumber: '+91 98765 43210',
  telegramHandle: 'sampark_support',
  supportEmail: 'support@example.com',
  businessHours: [
    { days: 'Monday-Friday', hours: '9:00 AM - 8:00 PM' },
    { days: 'Saturday', hours: '10:00 AM - 6:00 PM' },
    { days: 'Sunday', hours: 'Emergency Only' },
  ],
  usersCount: '50K+',
  rating: '4.8',
  competitorName: 'Other ID providers',
};
