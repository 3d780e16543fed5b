// zod/mini: this schema is used by the public contact form, and full zod would double the page's script.
import * as z from 'zod/mini';
import { isInternationalPhone, type TextLines } from '../rules/fields.ts';
import { withoutControlCharacters } from './text-checks.ts';

export const INQUIRY_SERVICES = [
  'business-consultation',
  'digital-marketing',
  'technical-support',
  'financial-advisory',
  'other',
] as const;
export type InquiryService = (typeof INQUIRY_SERVICES)[number];

export const INQUIRY_SERVICE_LABELS: Record<InquiryService, string> = {
  'business-consultation': 'Business Consultation',
  'digital-marketing': 'Digital Marketing',
  'technical-support': 'Technical Support',
  'financial-advisory': 'Financial Advisory',
  other: 'Other',
};

export const INQUIRY_STATUSES = ['new', 'in-progress', 'resolved', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_LIMITS = { name: 100, phone: 30, email: 254, city: 100, query: 2000 } as const;

const requiredText = (label: string, max: number, lines: TextLines = 'single') =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      withoutControlCharacters(label, lines),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** The public contact form: the spec's six fields, all required, plus a honeypot only bots fill in. */
export const ContactInquiryCreateSchema = z.object({
  name: requiredText('Name', INQUIRY_LIMITS.name),
  phone: requiredText('Phone', INQUIRY_LIMITS.phone).check(
    z.refine(isInternationalPhone, 'Enter the number in international form, e.g. +91 98765 43210'),
  ),
  email: requiredText('Email', INQUIRY_LIMITS.email).check(
    z.toLowerCase(),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email address'),
  ),
  city: requiredText('City', INQUIRY_LIMITS.city),
  query: requiredText('Query', INQUIRY_LIMITS.query, 'multi'),
  service: z.enum(INQUIRY_SERVICES, 'Select a service'),
  /** Honeypot: hidden from people, so any value means a bot. */
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type ContactInquiryCreateInput = z.input<typeof ContactInquiryCreateSchema>;
export type ContactInquiryCreate = z.output<typeof ContactInquiryCreateSchema>;

export const INQUIRY_SUCCESS_MESSAGE = "Message sent successfully! We'll contact you soon.";
export const INQUIRY_FAILURE_MESSAGE = 'Failed to submit inquiry. Please try again.';
