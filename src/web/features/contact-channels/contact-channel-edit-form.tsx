import { toast } from 'sonner';
import type { ContactChannel } from '../../../shared/contracts/contact-channels.ts';
import { CONTACT_CHANNEL_LABELS } from '../../../shared/rules/contact-channels.ts';
import { DEFAULT_COUNTRY_CODE } from '../../../shared/rules/mobile-numbers.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useUpdateContactChannel } from './api.ts';
import {
  ChannelValueField,
  CountryCodeField,
  isNumberType,
  ProofHiField,
  ShowProofField,
  useContactChannelForm,
} from './contact-channel-form.tsx';

export interface ContactChannelEditFormProps {
  channel: ContactChannel;
  onClose: () => void;
}

/** Inline edit of the value and description; the type stays, so its rules are the add form's. */
export function ContactChannelEditForm({ channel, onClose }: ContactChannelEditFormProps) {
  const update = useUpdateContactChannel();
  const { field, ...form } = useContactChannelForm({
    type: channel.type,
    // A number as people read it (`+91 98765 43210`): typed with +, it keeps its code.
    value: channel.display,
    countryCode: DEFAULT_COUNTRY_CODE,
    isActive: channel.isActive,
    proof: channel.proof,
    proofHi: channel.proofHi,
    showProof: channel.showProof,
  });

  const onSubmit = form.handleSubmit(({ value, countryCode, proof, proofHi, showProof }) =>
    update.mutateAsync({ id: channel._id, changes: { value, countryCode, proof, proofHi, showProof } }).then(
      () => {
        toast.success('Contact updated successfully');
        onClose();
      },
      (error: unknown) =>
        form.showRefusal(error, ['value', 'proof', 'proofHi', 'showProof'], 'Failed to update contact'),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-3 space-y-3"
      aria-label={`Edit ${CONTACT_CHANNEL_LABELS[channel.type]} ${channel.value}`}
    >
      {isNumberType(channel.type) && (
        <CountryCodeField id={`contact-${channel._id}-country`} {...form.register('countryCode')} />
      )}
      <ChannelValueField type={channel.type} autoFocus {...field('value')} />
      <TextField label="Description" autoComplete="off" {...field('proof')} />
      <ProofHiField {...field('proofHi')} />
      <ShowProofField id={`contact-${channel._id}-show-proof`} control={form.control} />
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
