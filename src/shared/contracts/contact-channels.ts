import { z } from 'zod';
import {
  CHANNEL_PROOF_MAX_LENGTH,
  CHANNEL_VALUE_MAX_LENGTH,
  CONTACT_CHANNEL_TYPES,
  type ContactChannelType,
} from '../rules/contact-channels.ts';
import { isHttpUrl } from '../rules/fields.ts';
import { isPhoneShape } from '../rules/phone-shape.ts';
import { idParamsSchema } from './api.ts';
import {
  callingCode,
  EmailSchema,
  INVALID_EMAIL_MESSAGE,
  PHONE_MESSAGE,
  withoutControlCharacters,
} from './fields.ts';

const ContactChannelTypeSchema = z.enum(CONTACT_CHANNEL_TYPES, 'Choose a contact type');

const TELEGRAM_HANDLE = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
const TELEGRAM_URL = /^(https?:\/\/)?(www\.)?(t\.me|telegram\.me|telegram\.dog)\/[A-Za-z0-9_+/-]+\/?$/i;
const SOCIAL_HANDLE = /^@?[A-Za-z0-9._]{1,50}$/;

/**
 * The message to show under the value field, or null when the value suits the type. A number is checked
 * for its shape here; the server reads it with the chosen country and stores it in E.164
 * (server/lib/phone-numbers.ts).
 */
export function channelValueProblem(type: ContactChannelType, rawValue: string): string | null {
  const value = rawValue.trim();
  if (value.length === 0) return 'Value is required';
  if (value.length > CHANNEL_VALUE_MAX_LENGTH)
    return `Value must be at most ${CHANNEL_VALUE_MAX_LENGTH} characters`;
  switch (type) {
    case 'phone':
    case 'whatsapp':
      return isPhoneShape(value) ? null : PHONE_MESSAGE;
    case 'email':
      return EmailSchema.safeParse(value).success ? null : INVALID_EMAIL_MESSAGE;
    case 'telegram':
      return TELEGRAM_HANDLE.test(value) || TELEGRAM_URL.test(value)
        ? null
        : 'Enter a Telegram handle (e.g. @yourhandle) or a t.me link';
    case 'instagram':
    case 'facebook':
      return SOCIAL_HANDLE.test(value) || isHttpUrl(value)
        ? null
        : 'Enter a profile link starting with https:// or a handle';
    default:
      return isHttpUrl(value) ? null : 'Enter a full link starting with https:// or http://';
  }
}

/** A value as the form sends it: trimmed, an email in lower case (the server stores numbers in E.164). */
export function normalizeChannelValue(type: ContactChannelType, value: string): string {
  const trimmed = value.trim();
  return type === 'email' ? trimmed.toLowerCase() : trimmed;
}

/** The country of a number typed without `+` (phone and WhatsApp channels); India when none is sent. */
const CountryCodeSchema = z.string().check(callingCode()).optional();

// The value's own rules depend on its type (channelValueProblem); what every value must be comes first.
const ValueSchema = z
  .string()
  .check(withoutControlCharacters('Value'))
  .max(CHANNEL_VALUE_MAX_LENGTH * 2, 'Value is too long');

const ProofSchema = z
  .string()
  .trim()
  .check(withoutControlCharacters('Description'))
  .max(CHANNEL_PROOF_MAX_LENGTH, `Description must be at most ${CHANNEL_PROOF_MAX_LENGTH} characters`);

/** The description on Hindi pages (/hi); empty: the English one shows there too. */
const ProofHiSchema = z
  .string()
  .trim()
  .check(withoutControlCharacters('Description in Hindi'))
  .max(
    CHANNEL_PROOF_MAX_LENGTH,
    `Description in Hindi must be at most ${CHANNEL_PROOF_MAX_LENGTH} characters`,
  );

/**
 * The description was a note for the admin list only; the owner chooses to show it on the contact page's
 * card, so no note written before that choice existed is published by surprise.
 */
const ShowProofSchema = z.boolean('Choose on or off');

export const ContactChannelCreateSchema = z
  .object({
    type: ContactChannelTypeSchema.default('phone'),
    value: ValueSchema,
    countryCode: CountryCodeSchema,
    isActive: z.boolean().default(true),
    proof: ProofSchema.default(''),
    proofHi: ProofHiSchema.default(''),
    showProof: ShowProofSchema.default(false),
  })
  .superRefine((input, ctx) => {
    const problem = channelValueProblem(input.type, input.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  })
  .transform((input) => ({ ...input, value: normalizeChannelValue(input.type, input.value) }));
export type ContactChannelCreateInput = z.input<typeof ContactChannelCreateSchema>;
export type ContactChannelCreate = z.output<typeof ContactChannelCreateSchema>;

/** Edit, toggle and reorder share one PATCH; the value is checked against the stored type by the server. */
export const ContactChannelUpdateSchema = z
  .object({
    value: ValueSchema.optional(),
    countryCode: CountryCodeSchema,
    proof: ProofSchema.optional(),
    proofHi: ProofHiSchema.optional(),
    showProof: ShowProofSchema.optional(),
    isActive: z.boolean().optional(),
    position: z
      .number()
      .int('Position must be a whole number')
      .min(0, 'Position must be 0 or more')
      .optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to change');
export type ContactChannelUpdate = z.output<typeof ContactChannelUpdateSchema>;

export const PublicContactChannelSchema = z.object({
  _id: z.string(),
  type: ContactChannelTypeSchema,
  /** As stored: a number in E.164 (`+919876543210`), which links are built from. */
  value: z.string(),
  /** As people read it: a number in international form (`+91 98765 43210`), other values as they are. */
  display: z.string(),
  /** The owner's description for the card, in English and in Hindi: only when the owner shows it there. */
  proof: z.string().optional(),
  proofHi: z.string().optional(),
});
export type PublicContactChannel = z.infer<typeof PublicContactChannelSchema>;

export const ContactChannelSchema = PublicContactChannelSchema.extend({
  isActive: z.boolean(),
  proof: z.string(),
  proofHi: z.string(),
  showProof: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactChannel = z.infer<typeof ContactChannelSchema>;

export const ContactChannelIdParamsSchema = idParamsSchema('contact');

export const PublicContactChannelListResponseSchema = z.object({
  contacts: z.array(PublicContactChannelSchema),
});
export const ContactChannelListResponseSchema = z.object({ contacts: z.array(ContactChannelSchema) });

export const ContactChannelResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  contact: ContactChannelSchema,
});
