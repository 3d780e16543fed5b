import { z } from 'zod';
import {
  type MemberCreateInput,
  MemberCreateSchema,
  type MemberPasswordResetInput,
  MemberPasswordResetSchema,
} from '../../../shared/contracts/members.ts';
import { PASSWORD_REQUIRED, typedPassword, typedPasswordIsGiven } from '../../lib/password-choice.ts';

/** How the member's password comes about: the server makes one up (the default), or the admin types it. */
export const PASSWORD_CHOICES = ['generate', 'type'] as const;
export type PasswordChoice = (typeof PASSWORD_CHOICES)[number];

const PasswordChoiceSchema = z.enum(PASSWORD_CHOICES);

/** The create form: the API's input plus the password choice, which decides whether a password is sent. */
export const MemberCreateFormSchema = MemberCreateSchema.safeExtend({
  passwordChoice: PasswordChoiceSchema,
}).refine(typedPasswordIsGiven, PASSWORD_REQUIRED);
export type MemberCreateFormInput = z.input<typeof MemberCreateFormSchema>;
export type MemberCreateFormValues = z.output<typeof MemberCreateFormSchema>;

export const MemberPasswordResetFormSchema = MemberPasswordResetSchema.safeExtend({
  passwordChoice: PasswordChoiceSchema,
}).refine(typedPasswordIsGiven, PASSWORD_REQUIRED);
export type MemberPasswordResetFormValues = z.output<typeof MemberPasswordResetFormSchema>;

/** A number typed with + carries its own country code; the select beside it does not apply then. */
export function hasOwnCountryCode(mobile: string): boolean {
  return mobile.trim().startsWith('+');
}

/** What the server is sent: the country code only for a number without one, a password only if typed. */
export function memberCreateBody(values: MemberCreateFormValues): MemberCreateInput {
  const password = typedPassword(values);
  return {
    mobile: values.mobile,
    ...(hasOwnCountryCode(values.mobile) ? {} : { countryCode: values.countryCode }),
    ...(values.displayName ? { displayName: values.displayName } : {}),
    ...(password ? { password } : {}),
  };
}

export function memberPasswordResetBody(values: MemberPasswordResetFormValues): MemberPasswordResetInput {
  const password = typedPassword(values);
  return password ? { password } : {};
}
