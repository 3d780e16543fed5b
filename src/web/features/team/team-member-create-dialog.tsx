import { type Path, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { TeamMemberCredentials } from '../../../shared/contracts/team.ts';
import { TEAM_LIMITS } from '../../../shared/rules/team.ts';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { requestCredentials } from '../../ui/credentials-dialog.tsx';
import { PasswordChoiceFields } from '../../ui/password-choice.tsx';
import { TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { useCreateTeamMember } from './api.ts';
import { RoleChoice } from './role-choice.tsx';
import { TeamCredentialsDialog, type TeamCredentialsTarget } from './team-credentials.tsx';
import {
  TEAM_CREATE_PASSWORD_CHOICES,
  TEAM_PASSWORD_HINT,
  type TeamMemberCreateFormInput,
  TeamMemberCreateFormSchema,
  teamUserCreateBody,
} from './team-form.ts';

const FORM_ID = 'team-member-create-form';

/** Every field the server may name in a 400 or 409 answer. */
const SERVER_FIELDS = [
  'email',
  'name',
  'role',
  'password',
] as const satisfies readonly Path<TeamMemberCreateFormInput>[];

const EMPTY: TeamMemberCreateFormInput = {
  email: '',
  name: '',
  role: 'agent',
  passwordChoice: 'generate',
  password: '',
};

interface CreateFormProps {
  onCreated: (credentials: TeamMemberCredentials) => void;
  onPendingChange: (pending: boolean) => void;
}

function CreateForm({ onCreated, onPendingChange }: CreateFormProps) {
  const create = useCreateTeamMember();
  const { field, ...form } = useZodForm(TeamMemberCreateFormSchema, {
    defaultValues: EMPTY,
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const { errors } = form.formState;
  const choice = useWatch({ control: form.control, name: 'passwordChoice' }) ?? 'generate';
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit((values) =>
    requestCredentials(create, teamUserCreateBody(values), {
      onPendingChange,
      onAnswer: onCreated,
      onRefused: (error) => {
        const placed = applyServerFieldErrors(error, form.setError, SERVER_FIELDS);
        // An email already in the team is about the email field even if the server named no field.
        if (!placed && error instanceof ApiRequestError && error.status === 409) {
          form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        }
        toast.error(errorMessage(error, 'Failed to add the user'));
      },
    }),
  );

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label="Email" type="email" inputMode="email" {...VERBATIM_INPUT} {...field('email')} />
      <TextField label="Name" autoComplete="off" maxLength={TEAM_LIMITS.name} {...field('name')} />
      <RoleChoice field={form.register('role')} value={role} error={errors.role?.message} />
      <PasswordChoiceFields
        options={TEAM_CREATE_PASSWORD_CHOICES}
        passwordHint={TEAM_PASSWORD_HINT}
        choice={choice}
        register={form.register}
        passwordError={errors.password?.message}
      />
    </form>
  );
}

export interface TeamMemberCreateDialogProps extends TeamCredentialsTarget {
  open: boolean;
}

/** "Add user": the form, then the password or the invitation link, shown once. Closing forgets it. */
export function TeamMemberCreateDialog(props: TeamMemberCreateDialogProps) {
  return (
    <TeamCredentialsDialog
      {...props}
      title="Add user"
      doneTitle={(answer) => (answer.invitationUrl ? 'User invited' : 'User added')}
      doneDescription="Pass it on now: it is not shown again."
      formId={FORM_ID}
      submitLabel="Add user"
      pendingLabel="Adding..."
    >
      {({ showCredentials, onPendingChange }) => (
        <CreateForm
          onPendingChange={onPendingChange}
          onCreated={(created) => {
            toast.success(created.invitationUrl ? 'User invited' : 'User added');
            showCredentials(created);
          }}
        />
      )}
    </TeamCredentialsDialog>
  );
}
