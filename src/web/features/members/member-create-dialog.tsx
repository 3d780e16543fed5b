import { useId } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { MemberCredentials } from '../../../shared/contracts/members.ts';
import { MEMBER_LIMITS, MEMBER_MESSAGES } from '../../../shared/rules/members.ts';
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '../../../shared/rules/mobile-numbers.ts';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { requestCredentials } from '../../ui/credentials-dialog.tsx';
import { PasswordChoiceFields } from '../../ui/password-choice.tsx';
import { FieldShell, fieldControlProps, inputClassName, TextField } from '../../ui/text-field.tsx';
import { useCreateMember } from './api.ts';
import { MemberCredentialsDialog, type MemberCredentialsTarget } from './member-credentials.tsx';
import {
  hasOwnCountryCode,
  type MemberCreateFormInput,
  MemberCreateFormSchema,
  memberCreateBody,
} from './member-form.ts';
import { MEMBER_PASSWORD_CHOICES, MEMBER_PASSWORD_HINT } from './member-password-choices.ts';

const FORM_ID = 'member-create-form';

/** Every field the server may name in a 400 or 409 answer. */
const SERVER_FIELDS = [
  'mobile',
  'countryCode',
  'displayName',
  'password',
] as const satisfies readonly Path<MemberCreateFormInput>[];

const EMPTY: MemberCreateFormInput = {
  mobile: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  displayName: '',
  passwordChoice: 'generate',
  password: '',
};

interface MemberCreateFormProps {
  onCreated: (credentials: MemberCredentials) => void;
  onPendingChange: (pending: boolean) => void;
}

function MemberCreateForm({ onCreated, onPendingChange }: MemberCreateFormProps) {
  const create = useCreateMember();
  const mobileId = useId();
  const { field, ...form } = useZodForm(MemberCreateFormSchema, {
    defaultValues: EMPTY,
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const { errors } = form.formState;
  const mobile = useWatch({ control: form.control, name: 'mobile' }) ?? '';
  const choice = useWatch({ control: form.control, name: 'passwordChoice' }) ?? 'generate';
  const ownCode = hasOwnCountryCode(mobile);

  const onSubmit = form.handleSubmit((values) =>
    requestCredentials(create, memberCreateBody(values), {
      onPendingChange,
      onAnswer: onCreated,
      onRefused: (error) => {
        const placed = applyServerFieldErrors(error, form.setError, SERVER_FIELDS);
        // A taken number is about the mobile field even if the server named no field.
        if (!placed && error instanceof ApiRequestError && error.status === 409) {
          form.setError('mobile', { type: 'server', message: error.message }, { shouldFocus: true });
        }
        toast.error(errorMessage(error, 'Failed to create member'));
      },
    }),
  );

  const mobileHint = ownCode
    ? 'The number starts with +, so its own country code is used.'
    : 'Without a leading +, the number is in the chosen country.';

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
      <FieldShell id={mobileId} label="Mobile number" hint={mobileHint} error={errors.mobile?.message}>
        {/* inputClassName makes a control full width; each sits in a box of the width it needs. */}
        <div className="flex gap-2">
          <div className="w-28 shrink-0">
            <select
              aria-label="Country code"
              aria-invalid={errors.countryCode ? true : undefined}
              disabled={ownCode}
              className={cx(inputClassName, 'border-slate-300 disabled:text-slate-400')}
              {...form.register('countryCode')}
            >
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0 flex-1">
            <input
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="98765 43210"
              maxLength={MEMBER_LIMITS.mobile}
              {...fieldControlProps(mobileId, { hint: mobileHint, error: errors.mobile?.message })}
              {...form.register('mobile')}
            />
          </div>
        </div>
        {errors.countryCode?.message && <p className="text-sm text-red-600">{errors.countryCode.message}</p>}
      </FieldShell>
      <TextField
        label="Name"
        hint="Optional. Only admins see it; it helps to find the member."
        autoComplete="off"
        maxLength={MEMBER_LIMITS.displayName}
        {...field('displayName')}
      />
      <PasswordChoiceFields
        options={MEMBER_PASSWORD_CHOICES}
        passwordHint={MEMBER_PASSWORD_HINT}
        choice={choice}
        register={form.register}
        passwordError={errors.password?.message}
      />
    </form>
  );
}

export interface MemberCreateDialogProps extends MemberCredentialsTarget {
  open: boolean;
  onCreated: () => void;
}

/**
 * "New Member": the form, then, once the server has created the member, the ID with its password
 * shown once. Closing forgets the password.
 */
export function MemberCreateDialog({ onCreated, ...dialog }: MemberCreateDialogProps) {
  return (
    <MemberCredentialsDialog
      {...dialog}
      title="New Member"
      doneTitle="Member created"
      doneDescription="Give the member their ID now."
      formId={FORM_ID}
      submitLabel="Create Member"
      pendingLabel="Creating..."
    >
      {({ showCredentials, onPendingChange }) => (
        <MemberCreateForm
          onPendingChange={onPendingChange}
          onCreated={(created) => {
            toast.success(MEMBER_MESSAGES.created);
            showCredentials(created);
            onCreated();
          }}
        />
      )}
    </MemberCredentialsDialog>
  );
}
