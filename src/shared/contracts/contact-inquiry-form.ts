// zod/mini: this schema is used by the public contact form, and full zod would double the page's script.
import * as z from 'zod/mini';
import { INQUIRY_LIMITS, INQUIRY_SERVICES } from '../rules/contact-inquiries.ts';
import { LOCALES } from '../rules/locales.ts';
import { callingCode, phoneShape, requiredEmail, requiredText } from './fields.ts';

/**
 * POST /api/contact-inquiries: the form's six fields, all required, plus a honeypot only bots fill in. The
 * phone is taken as typed, with the country chosen beside it (India when none is sent; a number typed with
 * `+` ignores it); the server checks the number itself and stores it in E.164
 * (server/features/contact-inquiries/schemas.ts).
 */
export const ContactInquiryCreateSchema = z.object({
  name: requiredText('Name', INQUIRY_LIMITS.name),
  phone: requiredText('Phone', INQUIRY_LIMITS.phone).check(phoneShape()),
  countryCode: z.optional(z.string().check(callingCode())),
  email: requiredEmail(),
  city: requiredText('City', INQUIRY_LIMITS.city),
  query: requiredText('Query', INQUIRY_LIMITS.query, 'multi'),
  service: z.enum(INQUIRY_SERVICES, 'Select a service'),
  /** The language of the page it is sent from (English when not given): the team replies in it. */
  language: z._default(z.enum(LOCALES, 'Choose a language: en or hi'), 'en'),
  /** Honeypot: hidden from people, so any value means a bot. */
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type ContactInquiryCreateInput = z.input<typeof ContactInquiryCreateSchema>;
export type ContactInquiryCreate = z.output<typeof ContactInquiryCreateSchema>;
