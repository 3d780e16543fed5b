import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type ContactChannelCreate,
  type ContactChannelCreateInput,
  ContactChannelCreateSchema,
} from '../../../shared/contracts/contact-channels.ts';
import {
  CONTACT_CHANNEL_GROUPS,
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNEL_PLACEHOLDERS,
  type ContactChannelType,
  LINK_TYPES,
} from '../../../shared/rules/contact-channels.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { Button } from '../../ui/button.tsx';
import { Switch } from '../../ui/switch.tsx';
import { describedBy, FieldShell, inputClassName, TextField } from '../../ui/text-field.tsx';
import { useCreateContactChannel } from './api.ts';

export const LINK_HINT = 'Enter the full URL/link for better accessibility';

const EMPTY_CHANNEL: ContactChannelCreateInput = { type: 'phone', value: '', isActive: true, proof: '' };

/** The keyboard a phone should show for each kind of value. */
export function valueInputMode(type: ContactChannelType): 'tel' | 'email' | 'url' | 'text' {
  if (type === 'phone' || type === 'whatsapp') return 'tel';
  if (type === 'email') return 'email';
  return LINK_TYPES.has(type) ? 'url' : 'text';
}

export function valueLabel(type: ContactChannelType): string {
  return LINK_TYPES.has(type) ? 'Link:' : 'Value:';
}

export interface ContactChannelFormProps {
  id: string;
  onAdded: () => void;
}

export function ContactChannelForm({ id, onAdded }: ContactChannelFormProps) {
  const create = useCreateContactChannel();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<ContactChannelCreateInput, unknown, ContactChannelCreate>({
    resolver: zodResolver(ContactChannelCreateSchema),
    defaultValues: EMPTY_CHANNEL,
    mode: 'onTouched',
  });
  const type = useWatch({ control, name: 'type' }) ?? 'phone';
  const isLink = LINK_TYPES.has(type);
  const typeField = register('type', {
    // The rules for the value depend on the type, so a message already shown is checked again.
    onChange: () => {
      if (getFieldState('value').isTouched) void trigger('value');
    },
  });

  const onSubmit = handleSubmit((channel) =>
    create.mutateAsync(channel).then(
      () => {
        toast.success('Contact added successfully');
        reset(EMPTY_CHANNEL);
        onAdded();
      },
      (error: unknown) => {
        if (isSessionError(error)) return;
        applyServerFieldErrors(error, setError, ['type', 'value', 'proof', 'isActive']);
        toast.error(errorMessage(error, 'Failed to add contact'));
      },
    ),
  );

  return (
    <form
      id={id}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Add New Contact
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <FieldShell id={`${id}-type`} label="Contact Type" error={errors.type?.message}>
          <select
            id={`${id}-type`}
            // biome-ignore lint/a11y/noAutofocus: the form was opened on purpose; its first field takes focus
            autoFocus
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={describedBy(`${id}-type`, undefined, errors.type?.message)}
            className={cx(inputClassName, 'border-slate-300')}
            {...typeField}
          >
            {CONTACT_CHANNEL_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.types.map((option) => (
                  <option key={option} value={option}>
                    {CONTACT_CHANNEL_LABELS[option]}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FieldShell>
        <TextField
          label={valueLabel(type)}
          placeholder={CONTACT_CHANNEL_PLACEHOLDERS[type]}
          hint={isLink ? LINK_HINT : undefined}
          error={errors.value?.message}
          inputMode={valueInputMode(type)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...register('value')}
        />
      </div>
      <TextField
        label="Description"
        hint="Optional: a note shown with this contact in the admin list."
        error={errors.proof?.message}
        autoComplete="off"
        {...register('proof')}
      />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch
              id={`${id}-active`}
              aria-label="Active"
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
            <span aria-hidden="true" className="text-sm font-medium text-slate-700">
              {field.value === false ? 'Inactive' : 'Active'}
            </span>
          </div>
        )}
      />
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? 'Processing...' : 'Add Contact'}
      </Button>
    </form>
  );
}
