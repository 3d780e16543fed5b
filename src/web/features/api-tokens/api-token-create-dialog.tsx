import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type ApiToken,
  type ApiTokenCreateInput,
  ApiTokenCreateSchema,
} from '../../../shared/contracts/api-tokens.ts';
import {
  API_TOKEN_ACCESS,
  API_TOKEN_ACCESS_LABELS,
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME_MAX_LENGTH,
} from '../../../shared/rules/api-tokens.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '../../../shared/rules/roles.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { CredentialsDialog, requestCredentials } from '../../ui/credentials-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ShownOncePanel } from '../../ui/shown-once-panel.tsx';
import { FieldShell, fieldControlProps, TextField } from '../../ui/text-field.tsx';
import { useCreateApiToken } from './api.ts';
import {
  API_TOKEN_EXPIRY_CHOICES,
  apiTokenFormDefaults,
  apiTokenRoleChoices,
  bearerHeader,
  curlExample,
} from './api-token-form.ts';

const FORM_ID = 'api-token-create-form';
const SERVER_FIELDS = ['name', 'role', 'access', 'expiresInDays'] as const;

interface CreatedToken {
  token: string;
  apiToken: ApiToken;
}

const ACCESS_HINTS = {
  read: 'Can read, never change anything.',
  'read-write': 'Can also change what its role allows (statuses, notes, posts...).',
} as const;

function AccessChoice({
  register,
  error,
}: {
  register: UseFormRegister<ApiTokenCreateInput>;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Access</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {API_TOKEN_ACCESS.map((access) => (
          <label
            key={access}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50"
          >
            <input
              type="radio"
              value={access}
              aria-describedby={`${id}-${access}`}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              {...register('access')}
            />
            <span>
              <span className="block font-medium text-slate-900">{API_TOKEN_ACCESS_LABELS[access]}</span>
              <span id={`${id}-${access}`} className="block text-slate-600">
                {ACCESS_HINTS[access]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <p id={`${id}-error`} role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}

function CreateForm({
  role,
  onCreated,
  onPendingChange,
}: {
  role: Role;
  onCreated: (created: CreatedToken) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const create = useCreateApiToken();
  const { field, showRefusal, ...form } = useZodForm(ApiTokenCreateSchema, {
    defaultValues: apiTokenFormDefaults(role),
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const { errors } = form.formState;
  const roles = apiTokenRoleChoices(role);
  const roleId = useId();
  const expiryId = useId();
  const roleHint =
    roles.length > 1
      ? 'What the token may use. Choose the least it needs.'
      : `A token has your role: ${ROLE_DESCRIPTIONS[role]}.`;

  const onSubmit = form.handleSubmit((values) =>
    requestCredentials(create, values, {
      onPendingChange,
      onAnswer: onCreated,
      onRefused: (error) => showRefusal(error, SERVER_FIELDS, 'Failed to create the token'),
    }),
  );

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create token">
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={API_TOKEN_NAME_MAX_LENGTH}
        hint="What uses it, e.g. “Sheet sync”, so you can tell your tokens apart."
        {...field('name')}
      />
      <FieldShell id={roleId} label="Role" hint={roleHint} error={errors.role?.message}>
        <select
          {...fieldControlProps(roleId, { hint: roleHint, error: errors.role?.message })}
          {...form.register('role')}
        >
          {roles.map((choice) => (
            <option key={choice} value={choice}>
              {ROLE_LABELS[choice]}
            </option>
          ))}
        </select>
      </FieldShell>
      <AccessChoice register={form.register} error={errors.access?.message} />
      <FieldShell id={expiryId} label="Expires after" error={errors.expiresInDays?.message}>
        <select
          {...fieldControlProps(expiryId, { error: errors.expiresInDays?.message })}
          {...form.register('expiresInDays', { valueAsNumber: true })}
        >
          {API_TOKEN_EXPIRY_CHOICES.map((choice) => (
            <option key={choice.days} value={choice.days}>
              {choice.label}
            </option>
          ))}
        </select>
      </FieldShell>
    </form>
  );
}

function TokenPanel({ created }: { created: CreatedToken }) {
  const { apiToken, token } = created;
  return (
    <ShownOncePanel
      warning={
        <>
          <strong>This token is shown only once.</strong> Copy it into the tool that uses it now: it will not
          be shown again. If it is lost, revoke it and create another.
        </>
      }
      facts={[
        { label: 'Name', value: apiToken.name },
        {
          label: 'Expires',
          value: <DateTime value={apiToken.expiresAt} style="date" />,
        },
      ]}
      secret={{
        label: 'Token',
        noun: 'token',
        value: token,
        wide: true,
      }}
    >
      <div className="space-y-1 text-sm text-slate-700">
        <p>
          Send it with each request to the admin API, in the header{' '}
          <code className="break-all">{bearerHeader('<token>')}</code>. For example:
        </p>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-2 text-xs whitespace-pre-wrap break-all text-slate-100">
          {curlExample(window.location.origin, '$SAMPARK_TOKEN')}
        </pre>
      </div>
    </ShownOncePanel>
  );
}

/** "Create token": a name, a role, read or read-write and an expiry, then the token, shown once. */
export function ApiTokenCreateDialog({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role: Role;
  onClose: () => void;
}) {
  return (
    <CredentialsDialog<CreatedToken>
      open={open}
      title="Create token"
      doneTitle="Token created"
      description="A personal token lets a tool use the admin API as you, within the role and access you give it."
      doneDescription={API_TOKEN_MESSAGES.created}
      formId={FORM_ID}
      submitLabel="Create token"
      pendingLabel="Creating..."
      onClose={onClose}
      renderCredentials={(created) => <TokenPanel created={created} />}
    >
      {({ showCredentials, onPendingChange }) => (
        <CreateForm
          role={role}
          onPendingChange={onPendingChange}
          onCreated={(created) => {
            toast.success('Token created');
            showCredentials(created);
          }}
        />
      )}
    </CredentialsDialog>
  );
}
