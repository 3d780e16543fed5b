import { z } from 'zod';
import { isPhoneShape } from '../rules/phone-shape.ts';
import { callingCode, PHONE_MESSAGE, withoutControlCharacters } from './fields.ts';
import { WeekSchema } from './opening-hours.ts';

/** The most visitors one member is given against another's one. */
const DUTY_WEIGHT_MAX = 10;
const NUMBER_MAX_LENGTH = 32;

/** A number to route visitors to, as typed (the server reads it with the country code and keeps E.164), or none. */
const dutyNumber = (label: string) =>
  z
    .string()
    .trim()
    .check(withoutControlCharacters(label))
    .max(NUMBER_MAX_LENGTH, `At most ${NUMBER_MAX_LENGTH} characters`)
    .refine((value) => value === '' || isPhoneShape(value), PHONE_MESSAGE);

/**
 * What a team member sets of their own duty (decision 076): the numbers visitors reach them on while they are
 * on duty, the hours of the week they are, and whether they have set themselves away.
 */
export const DutyInputSchema = z.object({
  whatsapp: dutyNumber('WhatsApp number').default(''),
  phone: dutyNumber('Call number').default(''),
  countryCode: z.string().check(callingCode()).optional(),
  week: WeekSchema,
  away: z.boolean('Choose on or off'),
});
export type DutyInput = z.output<typeof DutyInputSchema>;

/** A member's duty as they read it back: their numbers in E.164 (empty for none). */
export const DutySchema = z.object({
  whatsapp: z.string(),
  phone: z.string(),
  week: WeekSchema,
  away: z.boolean(),
  weight: z.number().int(),
});
export type Duty = z.output<typeof DutySchema>;

/** An administrator's share for a member: how many visitors they are given against another's one. */
export const DutyWeightInputSchema = z.object({
  weight: z
    .number('Enter a whole number from 1 to 10')
    .int('Enter a whole number from 1 to 10')
    .min(1, 'Enter a whole number from 1 to 10')
    .max(DUTY_WEIGHT_MAX, 'Enter a whole number from 1 to 10'),
});

/**
 * How the roster is used beyond the public links (decision 076), an administrator's choice kept with the
 * back office's own settings, never sent to public pages.
 * - `GET /api/admin/settings/duty` -> DutySettingsResponse
 * - `PUT /api/admin/settings/duty` DutySettings -> DutySettingsSavedResponse
 */
export const DutySettingsSchema = z.object({
  /** An inquiry sent through the contact form is assigned to a member on duty, in turn by their shares. */
  assignInquiries: z.boolean('Choose on or off'),
});
export type DutySettings = z.output<typeof DutySettingsSchema>;
export const DutySettingsResponseSchema = z.object({ dutySettings: DutySettingsSchema });
export const DutySettingsSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  dutySettings: DutySettingsSchema,
});

/** `GET /api/team/duty`: each member who answers visitors, as an administrator plans the roster. */
export const DutyShareSchema = z.object({
  adminId: z.string(),
  name: z.string(),
  weight: z.number().int(),
  /** On duty now: not away, in their hours, on a day the business is open. */
  onDutyNow: z.boolean(),
  away: z.boolean(),
  /** Whether they have set a WhatsApp number, a number for calls (the numbers stay theirs). */
  hasWhatsapp: z.boolean(),
  hasPhone: z.boolean(),
});
export type DutyShare = z.output<typeof DutyShareSchema>;
export const DutySharesResponseSchema = z.object({ members: z.array(DutyShareSchema) });
export const DutyWeightSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  weight: z.number().int(),
});
