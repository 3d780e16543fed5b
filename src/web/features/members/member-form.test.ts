import { describe, expect, it } from 'vitest';
import {
  hasOwnCountryCode,
  MemberCreateFormSchema,
  MemberPasswordResetFormSchema,
  memberCreateBody,
  memberPasswordResetBody,
} from './member-form.ts';

const createForm = (overrides: Record<string, unknown> = {}) => ({
  mobile: '98765 43210',
  countryCode: '+91',
  displayName: '',
  passwordChoice: 'generate',
  password: '',
  ...overrides,
});

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('hasOwnCountryCode', () => {
  it('is true only for a number typed with a leading +', () => {
    expect(hasOwnCountryCode('+44 7700 900123')).toBe(true);
    expect(hasOwnCountryCode('  +91 98765 43210')).toBe(true);
    expect(hasOwnCountryCode('98765 43210')).toBe(false);
    expect(hasOwnCountryCode('0091 98765 43210')).toBe(false);
  });
});

describe('memberCreateBody', () => {
  it('sends the chosen country code with a number typed without one, and no password when generated', () => {
    const values = MemberCreateFormSchema.parse(createForm({ countryCode: '+971' }));
    expect(memberCreateBody(values)).toEqual({ mobile: '98765 43210', countryCode: '+971' });
  });

  it('leaves the country code out when the number has its own', () => {
    const values = MemberCreateFormSchema.parse(
      createForm({ mobile: '+44 7700 900123', countryCode: '+91' }),
    );
    expect(memberCreateBody(values)).toEqual({ mobile: '+44 7700 900123' });
  });

  it('sends a trimmed name and a typed password', () => {
    const values = MemberCreateFormSchema.parse(
      createForm({ displayName: '  Asha  ', passwordChoice: 'type', password: 'secret-123' }),
    );
    expect(memberCreateBody(values)).toEqual({
      mobile: '98765 43210',
      countryCode: '+91',
      displayName: 'Asha',
      password: 'secret-123',
    });
  });

  it('never sends a password the admin gave up by choosing to generate one', () => {
    const values = MemberCreateFormSchema.parse(createForm({ password: undefined }));
    expect(memberCreateBody(values)).not.toHaveProperty('password');
  });
});

describe('MemberCreateFormSchema', () => {
  it('asks for a password only when the admin chose to type one, with every message at once', () => {
    expect(messages(MemberCreateFormSchema.safeParse(createForm({ passwordChoice: 'type' })))).toEqual([
      ['password', 'Password is required'],
    ]);
    expect(
      messages(MemberCreateFormSchema.safeParse(createForm({ mobile: 'abc', passwordChoice: 'type' }))),
    ).toEqual([
      ['mobile', 'Enter a valid mobile number'],
      ['password', 'Password is required'],
    ]);
    expect(MemberCreateFormSchema.safeParse(createForm()).success).toBe(true);
  });

  it('checks a typed password against the shared rule', () => {
    expect(
      messages(MemberCreateFormSchema.safeParse(createForm({ passwordChoice: 'type', password: 'short' }))),
    ).toEqual([['password', 'Use at least 8 characters']]);
  });
});

describe('the password reset form', () => {
  it('sends nothing for a generated password and the typed one otherwise', () => {
    expect(
      memberPasswordResetBody(MemberPasswordResetFormSchema.parse({ passwordChoice: 'generate' })),
    ).toEqual({});
    expect(
      memberPasswordResetBody(
        MemberPasswordResetFormSchema.parse({ passwordChoice: 'type', password: 'new-secret-1' }),
      ),
    ).toEqual({ password: 'new-secret-1' });
    expect(
      messages(MemberPasswordResetFormSchema.safeParse({ passwordChoice: 'type', password: '' })),
    ).toEqual([['password', 'Password is required']]);
  });
});
