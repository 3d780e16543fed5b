import { type Control, Controller } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type NotificationPreferences,
  NotificationPreferencesSchema,
} from '../../../shared/contracts/notifications.ts';
import {
  DIGEST_UNREAD_HOURS_MAX,
  DIGEST_UNREAD_HOURS_MIN,
  EMAIL_OFF_MESSAGE,
  formatHour,
} from '../../../shared/rules/notifications.ts';
import { switchFieldProps } from '../../lib/form-fields.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { SettingSwitch } from '../../ui/setting-switch.tsx';
import { FieldShell, fieldControlProps, TextField } from '../../ui/text-field.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const SERVER_FIELDS = ['email', 'digest.enabled', 'digest.hour', 'digest.unreadHours'] as const;

/** One yes/no choice of the form: its label and hint, and the switch beside them. */
function PreferenceSwitch({
  control,
  name,
  id,
  label,
  hint,
  unset,
}: {
  control: Control<NotificationPreferences>;
  name: 'email' | 'digest.enabled';
  id: string;
  label: string;
  hint: string;
  /** What the switch shows while the value is empty. */
  unset: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SettingSwitch id={id} label={label} hint={hint} {...switchFieldProps(field, unset)} />
      )}
    />
  );
}

function PreferencesForm({
  preferences,
  timeZone,
  emailAvailable,
}: {
  preferences: NotificationPreferences;
  timeZone: string;
  emailAvailable: boolean;
}) {
  const save = useSaveNotificationPreferences();
  const { field, ...form } = useZodForm(NotificationPreferencesSchema, { defaultValues: preferences });
  const hourId = 'notification-digest-hour';
  const hourError = form.formState.errors.digest?.hour?.message;
  const hourHint = `In the business's time zone, ${timeZone}.`;

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      (result) => {
        toast.success(result.message);
        form.reset(result.preferences);
      },
      (error: unknown) =>
        form.showRefusal(error, SERVER_FIELDS, 'Failed to save your notification preferences'),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
      {!emailAvailable && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {EMAIL_OFF_MESSAGE} Your choices are kept meanwhile.
        </p>
      )}
      <PreferenceSwitch
        control={form.control}
        name="email"
        id="notification-email"
        label="Email me each new inquiry"
        hint="With its details and one-tap reply links."
        unset
      />
      <PreferenceSwitch
        control={form.control}
        name="digest.enabled"
        id="notification-digest"
        label="Daily digest"
        hint="One email a day listing the inquiries nobody has read yet; none when there are none."
        unset={false}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={hourId} label="Digest time" hint={hourHint} error={hourError}>
          <select
            {...fieldControlProps(hourId, { hint: hourHint, error: hourError })}
            {...form.register('digest.hour', { valueAsNumber: true })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {formatHour(hour)} ({timeZone})
              </option>
            ))}
          </select>
        </FieldShell>
        <TextField
          label="Unread for at least (hours)"
          type="number"
          inputMode="numeric"
          min={DIGEST_UNREAD_HOURS_MIN}
          max={DIGEST_UNREAD_HOURS_MAX}
          hint="The digest lists inquiries still unread this long after they arrived."
          {...field('digest.unreadHours', { valueAsNumber: true })}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save notification preferences'}
      </Button>
    </form>
  );
}

/** My Profile's Notifications card: the signed-in user's email and digest choices. */
export function NotificationPreferencesCard() {
  const query = useNotificationPreferences();
  return (
    <Card titleId="notifications-title" title="Notifications">
      <QueryContent query={query} noun="notification preferences" look="card">
        {(data) => (
          <PreferencesForm
            preferences={data.preferences}
            timeZone={data.timeZone}
            emailAvailable={data.emailAvailable}
          />
        )}
      </QueryContent>
    </Card>
  );
}
