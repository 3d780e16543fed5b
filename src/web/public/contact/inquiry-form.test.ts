import { describe, expect, it } from 'vitest';
import {
  EMPTY_INQUIRY_FORM,
  firstInvalidField,
  formFieldErrors,
  type InquiryFormValues,
} from './inquiry-form.ts';
import { checkInquiryForm } from './inquiry-form-check.ts';

const FILLED: InquiryFormValues = {
  name: '  Asha Rao ',
  phone: '+91 98765 43210',
  countryCode: '+91',
  email: 'Asha@Example.com',
  city: 'Pune',
  service: 'digital-marketing',
  query: 'Can you help with our launch?',
  website: '',
};

describe('checkInquiryForm', () => {
  it('gives every empty field its own message, and the service its choice', () => {
    const result = checkInquiryForm(EMPTY_INQUIRY_FORM);
    expect(result).toEqual({
      success: false,
      errors: {
        name: 'Name is required',
        phone: 'Phone is required',
        email: 'Email is required',
        city: 'City is required',
        service: 'Select a service',
        query: 'Query is required',
      },
    });
  });

  it('passes a filled form on, trimmed and with the email in lower case', () => {
    const result = checkInquiryForm(FILLED);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.inquiry).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', website: '' });
  });

  it.each(['9876543210', '98765 43210', '09876543210', '+91 98765 43210', '(98765) 43210'])(
    'takes the phone as typed: %s',
    (phone) => {
      expect(checkInquiryForm({ ...FILLED, phone }).success).toBe(true);
    },
  );

  it.each(['98765', 'call me', '98765 43210 ext 2', '+91 98765 43210 +1'])(
    'asks for a valid phone number instead of %s',
    (phone) => {
      expect(checkInquiryForm({ ...FILLED, phone })).toEqual({
        success: false,
        errors: { phone: 'Enter a valid phone number for the chosen country, e.g. 98765 43210' },
      });
    },
  );
});

describe('formFieldErrors', () => {
  it('keeps the messages that belong to a field of the form', () => {
    expect(formFieldErrors({ email: 'Enter a valid email address', website: 'x', other: 'y' })).toEqual({
      email: 'Enter a valid email address',
    });
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the form', () => {
    expect(firstInvalidField({ query: 'a', phone: 'b' })).toBe('phone');
    expect(firstInvalidField({})).toBeUndefined();
  });
});
