import { z } from 'zod';
import { OVERDUE_AFTER_HOURS_MAX } from '../rules/first-responses.ts';
import { isTimeZone, TIME_ZONE_MESSAGE } from '../rules/time-zone.ts';
import { uploadOfUrl } from '../rules/upload-addresses.ts';
import { EmailSchema, withoutControlCharacters } from './fields.ts';
import { OpeningHoursSchema } from './opening-hours.ts';

/** A required line of the settings: trimmed, no control characters, 1 to `max` characters. */
function shortText(label: string, max: number, requiredMessage = `${label} is required`) {
  return z
    .string()
    .trim()
    .check(withoutControlCharacters(label))
    .min(1, requiredMessage)
    .max(max, `At most ${max} characters`);
}

/** An optional line (in Hindi beside an English one, or a figure): the same rules, empty allowed. */
function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .check(withoutControlCharacters(label))
    .max(max, `At most ${max} characters`)
    .default('');
}

/**
 * The business's own facts, edited by an admin on the Settings screen. The texts' placeholder {product} and
 * the marketing figures come from here and nowhere else, so the landing page and the terms page can never
 * disagree. Numbers and handles ({phone}, {whatsapp}, {name}) are contact channels, not settings.
 */
const BusinessHoursRowSchema = z.object({
  days: shortText('Days', 40, 'Days are required'),
  hours: shortText('Hours', 40, 'Hours are required'),
  /** The row on Hindi pages (/hi); empty: the English text shows there too. */
  daysHi: optionalText('Days in Hindi', 40),
  hoursHi: optionalText('Hours in Hindi', 40),
});

const OVERDUE_HOURS_MESSAGE = `Enter a whole number of hours from 1 to ${OVERDUE_AFTER_HOURS_MAX}`;

export const SiteSettingsSchema = z.object({
  /** The texts' {product}; also names the game route /{Brand}Game. */
  brandName: shortText('Brand name', 40).regex(/[A-Za-z0-9]/, 'Use at least one letter or digit'),
  supportEmail: EmailSchema,
  /**
   * The hours as text, as sites kept them before decision 073: shown while `openingHours` is not set, and kept
   * as they were once it is.
   */
  businessHours: z.array(BusinessHoursRowSchema).min(1, 'Add at least one row').max(7, 'At most 7 rows'),
  /** The hours as data (decision 073): a site from before it has none until its owner saves a schedule. */
  openingHours: OpeningHoursSchema.optional(),
  /**
   * Marketing figures, shown as typed: e.g. "50K+" users and a "4.8" rating out of 5. Empty until the owner
   * enters them, and a figure left empty is not shown: a new site claims nothing (decision 053).
   */
  usersCount: optionalText('Users figure', 20),
  rating: z
    .string()
    .trim()
    .regex(/^(?:(?:[0-4](?:\.\d)?|5(?:\.0)?))?$/, 'Enter a rating from 0 to 5, e.g. 4.8, or leave it empty')
    .default(''),
  /** The competitor named in the landing page's comparison. */
  competitorName: shortText('Competitor', 60),
  /** The business's IANA time zone: every date the owner reads (back office, CSV export) is shown in it. */
  timeZone: z.string().trim().refine(isTimeZone, TIME_ZONE_MESSAGE),
  /**
   * The brand's logo: an uploaded image's address, or empty for the drawn initial. The favicon, the
   * home-screen icons and the share cards show it.
   */
  logo: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || uploadOfUrl(value) !== null,
      'Upload the logo with the Upload logo button',
    )
    .default(''),
});
export type SiteSettings = z.output<typeof SiteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof SiteSettingsSchema>;

/**
 * The settings as the server sends them. The input schema normalises (lowercases the email) through
 * transforms, which zod cannot run backwards to encode a response; the values going out were normalised when
 * saved, so plain strings describe them.
 */
const StoredSiteSettingsSchema = SiteSettingsSchema.extend({
  supportEmail: z.string(),
});
export const SiteSettingsResponseSchema = z.object({ settings: StoredSiteSettingsSchema });
export const SiteSettingsSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  settings: StoredSiteSettingsSchema,
});

/**
 * How the back office is signed in to: kept apart from the settings above, which every public page reads, so
 * that visitors are not told how the back office is protected.
 * - `GET /api/admin/settings/sign-in` -> SignInSettingsResponse
 * - `PUT /api/admin/settings/sign-in` SignInSettingsInput -> SignInSettingsSavedResponse
 */
export const SignInSettingsSchema = z.object({
  /** Administrators must set up two-factor sign-in before using anything but their own account. */
  requireTwoFactorForAdministrators: z.boolean('Choose on or off'),
});
export type SignInSettings = z.output<typeof SignInSettingsSchema>;
export const SignInSettingsResponseSchema = z.object({ signInSettings: SignInSettingsSchema });
export const SignInSettingsSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  signInSettings: SignInSettingsSchema,
});

/**
 * How the inbox treats waiting inquiries (decision 080), an administrator's choice kept with the back office's
 * own settings.
 * - `GET /api/admin/settings/inbox` -> InboxSettingsResponse
 * - `PUT /api/admin/settings/inbox` InboxSettings -> InboxSettingsSavedResponse
 */
export const InboxSettingsSchema = z.object({
  /** A new or in-progress inquiry without a response after this many business hours is overdue. */
  overdueAfterHours: z
    .number(OVERDUE_HOURS_MESSAGE)
    .int(OVERDUE_HOURS_MESSAGE)
    .min(1, OVERDUE_HOURS_MESSAGE)
    .max(OVERDUE_AFTER_HOURS_MAX, OVERDUE_HOURS_MESSAGE),
});
export type InboxSettings = z.output<typeof InboxSettingsSchema>;
export const InboxSettingsResponseSchema = z.object({ inboxSettings: InboxSettingsSchema });
export const InboxSettingsSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  inboxSettings: InboxSettingsSchema,
});

/** `GET /api/terms`: when the terms last changed (src/shared/rules/terms.ts). */
export const TermsResponseSchema = z.object({ terms: z.object({ updatedAt: z.iso.datetime() }) });
