import { DEFAULT_COUNTRY_CODE } from '../../../shared/rules/mobile-numbers.ts';

/** The fields a person fills in, in the order of the form. */
export const INQUIRY_FORM_FIELDS = ['name', 'phone', 'email', 'city', 'service', 'query'] as const;
export type InquiryFormField = (typeof INQUIRY_FORM_FIELDS)[number];

/**
 * What the form holds, all as typed: the visible fields, the country chosen beside the phone (a number
 * typed with `+` ignores it) and the honeypot `website`.
 */
export type InquiryFormValues = Record<InquiryFormField | 'countryCode' | 'website', string>;
export type InquiryFieldErrors = Partial<Record<InquiryFormField, string>>;

export const EMPTY_INQUIRY_FORM: InquiryFormValues = {
  name: '',
  phone: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  email: '',
  city: '',
  service: '',
  query: '',
  website: '',
};

export function isFormField(key: unknown): key is InquiryFormField {
  return typeof key === 'string' && (INQUIRY_FORM_FIELDS as readonly string[]).includes(key);
}

/** The server's field errors that belong to a field of this form. */
export function formFieldErrors(serverErrors: Readonly<Record<string, string>>): InquiryFieldErrors {
  const errors: InquiryFieldErrors = {};
  for (const [key, message] of Object.entries(serverErrors)) {
    if (isFormField(key)) errors[key] = message;
  }
  return errors;
}

/** The first field, in form order, that has a message: it takes the focus. */
export function firstInvalidField(errors: InquiryFieldErrors): InquiryFormField | undefined {
  return INQUIRY_FORM_FIELDS.find((field) => errors[field] !== undefined);
}
