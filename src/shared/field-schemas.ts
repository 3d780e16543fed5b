import { z } from 'zod';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const ADMIN_PASSWORD_MIN_LENGTH = 10;

export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** International form: a leading +, the country code, then the number; spaces, hyphens, dots and brackets allowed. */
export const INTERNATIONAL_PHONE_PATTERN = /^\+[1-9][\d\s\-().]{6,24}$/;

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function isInternationalPhone(value: string): boolean {
  const digits = digitsOf(value);
  return INTERNATIONAL_PHONE_PATTERN.test(value) && digits.length >= 8 && digits.length <= 15;
}

export const InternationalPhoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .refine(isInternationalPhone, 'Enter the number in international form, e.g. +91 98765 43210');

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
