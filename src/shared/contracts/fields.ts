// zod/mini: the public contact form's schema is built from these, and full zod would double its script. A
// check made here also works in a full-zod schema's `.check(...)`: both share zod/v4/core.
import * as z from 'zod/mini';
import {
  EMAIL_MAX_LENGTH,
  hasControlCharacters,
  PASSWORD_MAX_LENGTH,
  type TextLines,
} from '../rules/fields.ts';
import { isPhoneShape } from '../rules/phone-shape.ts';

// Messages and patterns live with their checks: rules/fields.ts is downloaded by every public page.
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';
/** A number that is not one: the shape checked on the page, or the server's check of the chosen country. */
export const PHONE_MESSAGE = 'Enter a valid phone number for the chosen country, e.g. 98765 43210';

/**
 * The one control-character rule of every text input (hasControlCharacters), with the field's own message,
 * e.g. "Name must not contain control characters". Put it before a field's format checks, so a pasted
 * control character is named as such rather than as a bad email or number.
 */
export function withoutControlCharacters(label: string, lines: TextLines = 'single') {
  return z.refine<string>(
    (value) => !hasControlCharacters(value, lines),
    `${label} must not contain control characters`,
  );
}

/** What a required text field checks after trimming: no control characters, 1 to `max` characters. */
export function requiredTextChecks(label: string, max: number, lines: TextLines = 'single') {
  return [
    z.trim(),
    withoutControlCharacters(label, lines),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  ] as const;
}

/** A required text field; a missing one (not a string) is "{label} is required" too. */
export function requiredText(label: string, max: number, lines: TextLines = 'single') {
  return z.string(`${label} is required`).check(...requiredTextChecks(label, max, lines));
}

/** The one email rule: zod's email format on the trimmed text, kept in lower case. */
function emailAddress(text: z.ZodMiniString<string>) {
  return z.pipe(text, z.email(INVALID_EMAIL_MESSAGE)).check(z.toLowerCase());
}

/** An email field of a form (the contact form): a missing one is "Email is required". */
export const requiredEmail = () => emailAddress(requiredText('Email', EMAIL_MAX_LENGTH));

/** An email in an API body (sign-in, settings, channels): a missing one gets zod's message for a non-string. */
export const EmailSchema = emailAddress(z.string().check(...requiredTextChecks('Email', EMAIL_MAX_LENGTH)));

/** The shape of a number people type for others to call (isPhoneShape); the server checks the number itself. */
export const phoneShape = () => z.refine<string>(isPhoneShape, PHONE_MESSAGE);

/** The calling code chosen beside a mobile typed without `+`. */
export const callingCode = () => z.regex(/^\+[1-9]\d{0,3}$/, 'Choose a country code');

/** A password being set: no control characters, `minLength` to PASSWORD_MAX_LENGTH characters. */
export function newPasswordChecks(minLength: number) {
  return [
    withoutControlCharacters('Password'),
    z.minLength(minLength, `Use at least ${minLength} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ] as const;
}
