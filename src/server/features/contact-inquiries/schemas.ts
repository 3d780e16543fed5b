// What only the server can check of an inquiry: whether its phone is a real number of the chosen country.
// The form's schema (shared/contracts/contact-inquiry-form.ts) checks the shape only, so the public page
// never loads libphonenumber-js.
import * as z from 'zod/mini';
import { ContactInquiryCreateSchema } from '../../../shared/contracts/contact-inquiry-form.ts';
import { PHONE_MESSAGE } from '../../../shared/contracts/fields.ts';
import { normalisePhone } from '../../lib/phone-numbers.ts';

/** POST /api/contact-inquiries: the form's fields, the phone read with its country and given in E.164. */
export const ContactInquiryBodySchema = z.pipe(
  ContactInquiryCreateSchema.check(
    z.superRefine((input, ctx) => {
      // A phone or country code already refused has its message; one message per field.
      const judged = ctx.issues.some(({ path }) => path?.[0] === 'phone' || path?.[0] === 'countryCode');
      if (!judged && !normalisePhone(input.phone, input.countryCode)) {
        ctx.issues.push({ code: 'custom', path: ['phone'], message: PHONE_MESSAGE, input: input.phone });
      }
    }),
  ),
  z.transform(({ countryCode, phone, ...inquiry }) => ({
    ...inquiry,
    // Checked just above, so it parses.
    phone: normalisePhone(phone, countryCode)?.e164 ?? phone,
  })),
);
export type ContactInquiryBody = z.output<typeof ContactInquiryBodySchema>;
