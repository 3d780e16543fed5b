import { type Control, Controller, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
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
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '../../../shared/rules/mobile-numbers.ts';
import { COUNTRY_NAMES } from '../../content/countries.ts';
import { cx } from '../../lib/class-names.ts';
import { type BoundField, switchFieldProps } from '../../lib/form-fields.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { Switch } from '../../ui/switch.tsx';
import { describedBy, FieldShell, inputClassName, TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { useCreateContactChannel } from './api.ts';

const LINK_HINT = 'Enter the full URL/link for better accessibility';

const EMPTY_CHANNEL: ContactChannelCreateInput = {
  type: 'phone',
  value: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  isActive: true,
  proof: '',
  proofHi: '',
  showProof: false,
};

/** Types whose value is a number, read with the country chosen beside it and stored in E.164. */
export function isNumberType(type: ContactChannelType): boolean {
  return type === 'phone' || type === 'whatsapp';
}

const NUMBER_HINT = 'A number typed with + and its country code keeps its own code';

/** The country of a number typed without `+`: India unless another is chosen. */
export function CountryCodeField({ id, ...registered }: UseFormRegisterReturn & { id: string }) {
  return (
    <FieldShell id={id} label="Country code">
      <select id={id} className={cx(inputClassName, 'border-slate-300')} {...registered}>
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {code} {COUNTRY_NAMES[code]}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** The keyboard a phone should show for each kind of value. */
function valueInputMode(type: ContactChannelType): 'tel' | 'email' | 'url' | 'text' {
  if (type === 'phone' || type === 'whatsapp') return 'tel';
  if (type === 'email') return 'email';
  return LINK_TYPES.has(type) ? 'url' : 'text';
}

function valueLabel(type: ContactChannelType): string {
  return LINK_TYPES.has(type) ? 'Link:' : 'Value:';
}

/** The channel's value, typed as its type wants it: a phone keyboard for a number, the hint for a link. */
export function ChannelValueField({
  type,
  autoFocus,
  ...field
}: BoundField & { type: ContactChannelType; autoFocus?: boolean }) {
  return (
    <TextField
      label={valueLabel(type)}
      placeholder={CONTACT_CHANNEL_PLACEHOLDERS[type]}
      hint={LINK_TYPES.has(type) ? LINK_HINT : isNumberType(type) ? NUMBER_HINT : undefined}
      inputMode={valueInputMode(type)}
      {...VERBATIM_INPUT}
      autoFocus={autoFocus}
      {...field}
    />
  );
}

/** The description on Hindi pages, typed in Hindi; empty, they show the English one. */
export function ProofHiField(field: BoundField) {
  return (
    <TextField
      label="Description in Hindi (optional)"
      hint="Shown on Hindi pages instead of the description; left empty, they show the description."
      lang="hi"
      autoComplete="off"
      {...field}
    />
  );
}

/** Whether the description (and its Hindi text) is on the contact page's card, or a note for this list only. */
export function ShowProofField({ id, control }: { id: string; control: Control<ContactChannelCreateInput> }) {
  return (
    <Controller
      control={control}
      name="showProof"
      render={({ field }) => (
        <div className="flex items-center gap-3">
          <Switch id={id} {...switchFieldProps(field, false)} />
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            Show the description on the contact page
          </label>
        </div>
      )}
    />
  );
}

/** The add form's and the edit form's values: a channel as the API takes it. */
export function useContactChannelForm(defaultValues: ContactChannelCreateInput) {
  return useZodForm(ContactChannelCreateSchema, { defaultValues, mode: 'onTouched' });
}

export interface ContactChannelFormProps {
  id: string;
  onAdded: () => void;
}

export function ContactChannelForm({ id, onAdded }: ContactChannelFormProps) {
  const create = useCreateContactChannel();
  const { field, ...form } = useContactChannelForm(EMPTY_CHANNEL);
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' }) ?? 'phone';
  const typeField = form.register('type', {
    // The rules for the value depend on the type, so a message already shown is checked again.
    onChange: () => {
      if (form.getFieldState('value').isTouched) void form.trigger('value');
    },
  });

  const onSubmit = form.handleSubmit((channel) =>
    create.mutateAsync(channel).then(
      () => {
        toast.success('Contact added successfully');
        form.reset(EMPTY_CHANNEL);
        onAdded();
      },
      (error: unknown) =>
        form.showRefusal(
          error,
          ['type', 'value', 'proof', 'proofHi', 'showProof', 'isActive'],
          'Failed to add contact',
        ),
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
        {isNumberType(type) && <CountryCodeField id={`${id}-country`} {...form.register('countryCode')} />}
        <ChannelValueField type={type} {...field('value')} />
      </div>
      <TextField
        label="Description"
        hint="Optional: a note shown with this contact in the admin list."
        autoComplete="off"
        {...field('proof')}
      />
      <ProofHiField {...field('proofHi')} />
      <ShowProofField id={`${id}-show-proof`} control={form.control} />
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id={`${id}-active`} aria-label="Active" {...switchFieldProps(field, true)} />
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
