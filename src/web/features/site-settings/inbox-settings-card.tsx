import { toast } from 'sonner';
import { type InboxSettings, InboxSettingsSchema } from '../../../shared/contracts/site-settings.ts';
import { OVERDUE_AFTER_HOURS_MAX } from '../../../shared/rules/first-responses.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useInboxSettings, useSaveInboxSettings } from './api.ts';

function OverdueForm({ settings }: { settings: InboxSettings }) {
  const save = useSaveInboxSettings();
  const { field, showRefusal, ...form } = useZodForm(InboxSettingsSchema, {
    values: settings,
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => showRefusal(error, ['overdueAfterHours'], 'The inbox settings could not be saved'),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Overdue inquiries" className="mt-3 space-y-3">
      <TextField
        label="Overdue after (business hours)"
        type="number"
        inputMode="numeric"
        min={1}
        max={OVERDUE_AFTER_HOURS_MAX}
        hint="A new or in-progress inquiry nobody has replied to after this many business hours is marked Overdue in the inbox."
        {...field('overdueAfterHours', { valueAsNumber: true })}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

/** Settings' Inbox card: when a waiting inquiry is overdue (decision 080). */
export function InboxSettingsCard() {
  const settings = useInboxSettings();
  return (
    <Card titleId="inbox-settings-title" title="Inbox">
      <QueryContent query={settings} noun="inbox settings" look="card">
        {(data) => <OverdueForm settings={data} />}
      </QueryContent>
    </Card>
  );
}
