import { Controller, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type Duty, DutyInputSchema } from '../../../shared/contracts/duty.ts';
import { switchFieldProps } from '../../lib/form-fields.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { SettingSwitch } from '../../ui/setting-switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { WeekHoursFields, weekFieldNames } from '../../ui/week-hours-fields.tsx';
import { useOwnDuty, useSaveOwnDuty } from './api.ts';

type FormValues = z.input<typeof DutyInputSchema>;

const SERVER_FIELDS: readonly Path<FormValues>[] = [
  'whatsapp',
  'phone',
  'away',
  ...weekFieldNames<FormValues>('week'),
];
const NUMBER_FIELDS = [
  { name: 'whatsapp', label: 'My WhatsApp number' },
  { name: 'phone', label: 'My number for calls' },
] as const;
const NUMBER_HINT =
  'With its country code, e.g. +91 98765 43210; without one, an Indian number. Empty: none.';

function DutyForm({ duty }: { duty: Duty }) {
  const save = useSaveOwnDuty();
  const { weight, ...values } = duty;
  const { field, ...form } = useZodForm(DutyInputSchema, { defaultValues: values });
  const onSubmit = form.handleSubmit((input) =>
    save.mutateAsync(input).then(
      (result) => {
        toast.success(result.message);
        const { weight: _weight, ...saved } = result.duty;
        form.reset(saved);
      },
      (error: unknown) => form.showRefusal(error, SERVER_FIELDS, 'Failed to save your duty'),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
      <p className="text-sm text-slate-600">
        While you are on duty, visitors who tap WhatsApp or Call on the site are sent to your numbers, in turn
        with the others on duty (your share: {weight}). Your numbers are never shown on the site.
      </p>
      <Controller
        control={form.control}
        name="away"
        render={({ field: away }) => (
          <SettingSwitch
            id="duty-away"
            label="I am away"
            hint="No visitors are sent to you, whatever your hours say, until you turn this off."
            {...switchFieldProps(away, false)}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBER_FIELDS.map(({ name, label }) => (
          <TextField
            key={name}
            label={label}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={NUMBER_HINT}
            {...field(name)}
          />
        ))}
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">My duty hours</h3>
        <p className="text-sm text-slate-600">
          In the business's time zone. You are on duty in these hours on days the business is open.
        </p>
        <WeekHoursFields
          control={form.control}
          field={field}
          name="week"
          emptyDay="Off duty"
          labels={{ from: 'From', to: 'To' }}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save my duty'}
      </Button>
    </form>
  );
}

/** My Profile's On duty card: the signed-in member's numbers, duty hours and away (decision 076). */
export function DutyCard() {
  const query = useOwnDuty();
  return (
    <Card titleId="duty-title" title="On duty">
      <QueryContent query={query} noun="your duty" look="card">
        {(duty) => <DutyForm duty={duty} />}
      </QueryContent>
    </Card>
  );
}
