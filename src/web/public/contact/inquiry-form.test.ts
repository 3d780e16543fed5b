import { describe, expect, it } from 'vitest';
import {
  checkInquiryForm,
  EMPTY_INQUIRY_FORM,
  firstInvalidField,
  formFieldErrors,
  type InquiryFormValues,
} from './inquiry-form.ts';

const FILLED: InquiryFormValues = {
  name: '  Asha Rao ',
  phone: '+91 98765 43210',
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

  it('asks for the international form of a phone number', () => {
    const result = checkInquiryForm({ ...FILLED, phone: '98765' });
    expect(result).toEqual({
      success: false,
      errors: { phone: 'Enter the number in international form, e.g. +91 98765 43210' },
    });
  });
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
