import { z } from 'zod';
import { type TeamMemberCreateInput, TeamMemberCreateSchema } from '../../../shared/contracts/team.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../../shared/rules/admin-auth.ts';
import { INVITATION_VALID_HOURS } from '../../../shared/rules/team.ts';
import { PASSWORD_REQUIRED, typedPassword, typedPasswordIsGiven } from '../../lib/password-choice.ts';
import type { PasswordChoiceOption } from '../../ui/password-choice.tsx';

/**
 * How a new user gets in: a password the server makes up (the default), one the administrator types, or
 * a one-time link with which the person sets their own.
 */
const CREATE_CHOICES = ['generate', 'type', 'invite'] as const;
type CreateChoice = (typeof CREATE_CHOICES)[number];

const GENERATE: PasswordChoiceOption<'generate'> = {
  value: 'generate',
  label: 'Generate a password',
  hint: 'A random password, shown to you once to pass on.',
};
const TYPE: PasswordChoiceOption<'type'> = {
  value: 'type',
  label: 'Type a password',
  hint: 'For a password agreed with the person.',
};

export const TEAM_CREATE_PASSWORD_CHOICES: readonly PasswordChoiceOption<CreateChoice>[] = [
  GENERATE,
  TYPE,
  {
    value: 'invite',
    label: 'Send an invitation link',
    hint: `The person sets their own password with a one-time link, valid ${INVITATION_VALID_HOURS} hours.`,
  },
];

export const TEAM_PASSWORD_HINT = `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;

/** The "Add user" form: the API's input, with the choice that decides between a password and a link. */
export const TeamMemberCreateFormSchema = TeamMemberCreateSchema.omit({ invite: true })
  .safeExtend({ passwordChoice: z.enum(CREATE_CHOICES) })
  .refine(typedPasswordIsGiven, PASSWORD_REQUIRED);
export type TeamMemberCreateFormInput = z.input<typeof TeamMemberCreateFormSchema>;
export type TeamMemberCreateFormValues = z.output<typeof TeamMemberCreateFormSchema>;

/** What the server is sent: a password only if typed, `invite` only for a link. */
export function teamUserCreateBody(values: TeamMemberCreateFormValues): TeamMemberCreateInput {
  const password = typedPassword(values);
  return {
    email: values.email,
    name: values.name,
    role: values.role,
    ...(password ? { password } : {}),
    ...(values.passwordChoice === 'invite' ? { invite: true } : {}),
  };
}
