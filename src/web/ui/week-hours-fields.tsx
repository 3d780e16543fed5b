import { Trash2 } from 'lucide-react';
import { type ArrayPath, type Control, type FieldValues, type Path, useFieldArray } from 'react-hook-form';
import type { BoundField } from '../lib/form-fields.ts';
import { AddButton, Button } from './button.tsx';
import { TextField } from './text-field.tsx';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const PERIODS_A_DAY_MAX = 3;

/** Every period field of the week at `name` that the server may name in a 400 answer. */
export function weekFieldNames<T extends FieldValues>(name: string): Path<T>[] {
  return WEEKDAYS.flatMap((_, day) =>
    Array.from({ length: PERIODS_A_DAY_MAX }, (__, index) => [
      `${name}.${day}.${index}.opens` as Path<T>,
      `${name}.${day}.${index}.closes` as Path<T>,
    ]).flat(),
  );
}

interface WeekProps<T extends FieldValues> {
  control: Control<T>;
  field: (name: Path<T>) => BoundField;
  /** Where the week is in the form: seven lists of { opens, closes }, Monday first. */
  name: string;
  /** What a day without periods is: "Closed", "Off duty". */
  emptyDay: string;
  /** The time fields' names: "Opens" and "Closes", "From" and "To". */
  labels: { from: string; to: string };
}

/** One day of the week: empty, or its periods, each opening and closing (a night may end after midnight). */
function DayHours<T extends FieldValues>({
  control,
  field,
  name,
  emptyDay,
  labels,
  day,
}: WeekProps<T> & { day: number }) {
  const weekday = WEEKDAYS[day];
  const periods = useFieldArray({ control, name: `${name}.${day}` as ArrayPath<T> });
  const numbered = (index: number) => (periods.fields.length > 1 ? ` (${index + 1})` : '');
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-slate-900">{weekday}</h3>
        {periods.fields.length === 0 && <span className="text-sm text-slate-600">{emptyDay}</span>}
      </div>
      <ol className="mt-2 space-y-2">
        {periods.fields.map((period, index) => (
          <li
            key={period.id}
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.75rem] items-start gap-3"
          >
            <TextField
              type="time"
              label={`${labels.from}, ${weekday}${numbered(index)}`}
              {...field(`${name}.${day}.${index}.opens` as Path<T>)}
            />
            <TextField
              type="time"
              label={`${labels.to}, ${weekday}${numbered(index)}`}
              {...field(`${name}.${day}.${index}.closes` as Path<T>)}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${weekday}'s hours${numbered(index)}`}
              onClick={() => periods.remove(index)}
              className="mt-6"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      {periods.fields.length < PERIODS_A_DAY_MAX && (
        <AddButton
          variant="secondary"
          className="mt-2"
          aria-label={`Add hours on ${weekday}`}
          // The new period's shape is the form's own; react-hook-form cannot type a path built at run time.
          onClick={() => periods.append({ opens: '', closes: '' } as never, { shouldFocus: true })}
        >
          Add hours
        </AddButton>
      )}
    </li>
  );
}

/**
 * A week of hours, a day at a time: up to three periods a day, each from and to (`<input type="time">`): the
 * business's opening hours (decision 073) and a team member's duty (decision 076).
 */
export function WeekHoursFields<T extends FieldValues>(props: WeekProps<T>) {
  return (
    <ol className="space-y-3">
      {WEEKDAYS.map((weekday, day) => (
        <DayHours key={weekday} {...props} day={day} />
      ))}
    </ol>
  );
}
