import { Trash2 } from 'lucide-react';
import { type Control, type Path, useFieldArray, useWatch } from 'react-hook-form';
import type { SiteSettings, SiteSettingsInput } from '../../../shared/contracts/site-settings.ts';
import { DEMO_OPENING_HOURS } from '../../../shared/rules/default-site-settings.ts';
import type { BoundField } from '../../lib/form-fields.ts';
import { AddButton, Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { WeekHoursFields, weekFieldNames } from '../../ui/week-hours-fields.tsx';

const CLOSURES_MAX = 60;
/** A closure's reason, in English and, optionally, in Hindi. */
const REASON_FIELDS = [
  { name: 'note', label: 'Reason', placeholder: 'e.g. Diwali', lang: undefined },
  { name: 'noteHi', label: 'Reason in Hindi (optional)', placeholder: 'e.g. दिवाली', lang: 'hi' },
] as const;

type Field = (name: Path<SiteSettingsInput>) => BoundField;

/** Every opening-hours field the server may name in a 400 answer. */
export function openingHoursFieldNames(closures: number): Path<SiteSettingsInput>[] {
  const periods = weekFieldNames<SiteSettingsInput>('openingHours.week');
  const dates = Array.from({ length: closures }, (_, index) => [
    `openingHours.closures.${index}.date` as const,
    `openingHours.closures.${index}.note` as const,
    `openingHours.closures.${index}.noteHi` as const,
  ]).flat();
  return [...periods, ...dates];
}

/** The closures: days the business is shut whatever its week says, with the reason visitors read. */
function Closures({ control, field }: { control: Control<SiteSettingsInput>; field: Field }) {
  const closures = useFieldArray({ control, name: 'openingHours.closures' });
  return (
    <div className="space-y-3">
      <h3 className="font-medium text-slate-900">Closed on</h3>
      {closures.fields.length === 0 && (
        <p className="text-sm text-slate-600">No holidays or other closures.</p>
      )}
      <ol className="space-y-3">
        {closures.fields.map((closure, index) => (
          <li
            key={closure.id}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_2.75rem]"
          >
            <TextField type="date" label="Date" {...field(`openingHours.closures.${index}.date`)} />
            {REASON_FIELDS.map(({ name, label, placeholder, lang }) => (
              <TextField
                key={name}
                label={label}
                {...(lang ? { lang } : {})}
                autoComplete="off"
                placeholder={placeholder}
                {...field(`openingHours.closures.${index}.${name}`)}
              />
            ))}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove closure ${index + 1}`}
              onClick={() => closures.remove(index)}
              className="justify-self-end sm:mt-6"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      {closures.fields.length < CLOSURES_MAX && (
        <AddButton
          variant="secondary"
          onClick={() => closures.append({ date: '', note: '', noteHi: '' }, { shouldFocus: true })}
        >
          Add closure
        </AddButton>
      )}
    </div>
  );
}

/**
 * The opening hours (decision 073): a week and its closures, which the public pages show and read to say
 * whether the business is open. A site that still has its hours as text sees them, and sets up a week from
 * the demo's when it chooses to.
 */
export function OpeningHoursFields({
  control,
  field,
  legacyRows,
  onSetUp,
}: {
  control: Control<SiteSettingsInput>;
  field: Field;
  legacyRows: SiteSettings['businessHours'];
  onSetUp: (hours: NonNullable<SiteSettings['openingHours']>) => void;
}) {
  const hours = useWatch({ control, name: 'openingHours' });
  if (!hours) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">The pages show your hours as you typed them:</p>
        <ul className="list-inside list-disc text-sm text-slate-900">
          {legacyRows.map((row) => (
            <li key={`${row.days}-${row.hours}`}>
              {row.days}: {row.hours}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">
          Set up your week to show it in English and Hindi, with holidays, and to tell visitors whether you
          are open now.
        </p>
        <AddButton variant="secondary" onClick={() => onSetUp(DEMO_OPENING_HOURS)}>
          Set up opening hours
        </AddButton>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Times in the business's time zone. A night that closes after midnight closes on the next day.
      </p>
      <WeekHoursFields
        control={control}
        field={field}
        name="openingHours.week"
        emptyDay="Closed"
        labels={{ from: 'Opens', to: 'Closes' }}
      />
      <Closures control={control} field={field} />
    </div>
  );
}
