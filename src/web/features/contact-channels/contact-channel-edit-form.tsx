import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type ContactChannel,
  type ContactChannelCreate,
  type ContactChannelCreateInput,
  ContactChannelCreateSchema,
} from '../../../shared/contracts/contact-channels.ts';
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNEL_PLACEHOLDERS,
  LINK_TYPES,
} from '../../../shared/rules/contact-channels.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useUpdateContactChannel } from './api.ts';
import { LINK_HINT, valueInputMode, valueLabel } from './contact-channel-form.tsx';

export interface ContactChannelEditFormProps {
  channel: ContactChannel;
  onClose: () => void;
}

/** Inline edit of the value and description; the type stays, so its rules are the add form's. */
export function ContactChannelEditForm({ channel, onClose }: ContactChannelEditFormProps) {
  const update = useUpdateContactChannel();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactChannelCreateInput, unknown, ContactChannelCreate>({
    resolver: zodResolver(ContactChannelCreateSchema),
    defaultValues: {
      type: channel.type,
      value: channel.value,
      isActive: channel.isActive,
      proof: channel.proof,
    },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(({ value, proof }) =>
    update.mutateAsync({ id: channel._id, changes: { value, proof } }).then(
      () => {
        toast.success('Contact updated successfully');
        onClose();
      },
      (error: unknown) => {
        if (isSessionError(error)) return;
        applyServerFieldErrors(error, setError, ['value', 'proof']);
        toast.error(errorMessage(error, 'Failed to update contact'));
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-3 space-y-3"
      aria-label={`Edit ${CONTACT_CHANNEL_LABELS[channel.type]}`}
    >
      <TextField
        label={valueLabel(channel.type)}
        placeholder={CONTACT_CHANNEL_PLACEHOLDERS[channel.type]}
        hint={LINK_TYPES.has(channel.type) ? LINK_HINT : undefined}
        error={errors.value?.message}
        inputMode={valueInputMode(channel.type)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        {...register('value')}
      />
      <TextField
        label="Description"
        error={errors.proof?.message}
        autoComplete="off"
        {...register('proof')}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
