import { z } from 'zod';
import { isInternationalPhone } from '../rules/fields.ts';
import { withoutControlCharacters } from './text-checks.ts';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const ADMIN_PASSWORD_MIN_LENGTH = 10;

export const EmailSchema = z
  .string()
  .trim()
  .check(withoutControlCharacters('Email'))
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const InternationalPhoneSchema = z
  .string()
  .trim()
  .check(withoutControlCharacters('Phone number'))
  .min(1, 'Phone number is required')
  .refine(isInternationalPhone, 'Enter the number in international form, e.g. +91 98765 43210');
