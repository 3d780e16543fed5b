import {
  type ContactInquiryCreate,
  ContactInquiryCreateSchema,
} from '../../../shared/contracts/contact-inquiry-form.ts';
import { type InquiryFieldErrors, type InquiryFormValues, isFormField } from './inquiry-form.ts';

/**
 * The contact form's check, with the schema the API checks with (and the schema library, about 12 KB of the
 * form's island): a module of its own, which the dialog fetches once a person starts typing and has by the
 * time they send (decision 062).
 */

export type InquiryFormCheck =
  | { success: true; inquiry: ContactInquiryCreate }
  | { success: false; errors: InquiryFieldErrors };

/** The shared schema's verdict, as one message per field (the first problem found). */
export function checkInquiryForm(values: InquiryFormValues): InquiryFormCheck {
  const result = ContactInquiryCreateSchema.safeParse(values);
  if (result.success) return { success: true, inquiry: result.data };
  const errors: InquiryFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isFormField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { success: false, errors };
}
