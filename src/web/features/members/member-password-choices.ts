import { GENERATED_PASSWORD_LENGTH, MEMBER_PASSWORD_MIN_LENGTH } from '../../../shared/rules/members.ts';
import type { PasswordChoiceOption } from '../../ui/password-choice.tsx';
import type { PasswordChoice } from './member-form.ts';

/** How a member's password comes about, in the create and reset forms. */
export const MEMBER_PASSWORD_CHOICES: readonly PasswordChoiceOption<PasswordChoice>[] = [
  {
    value: 'generate',
    label: 'Generate a password',
    hint: `A random ${GENERATED_PASSWORD_LENGTH}-character password, shown to you once.`,
  },
  { value: 'type', label: 'Type a password', hint: 'For a password agreed with the member.' },
];

export const MEMBER_PASSWORD_HINT = `At least ${MEMBER_PASSWORD_MIN_LENGTH} characters.`;
