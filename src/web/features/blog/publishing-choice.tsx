import { type Ref, useId, useState } from 'react';
import { useBusinessTimeZone } from '../../lib/business-time-zone.ts';
import { cx } from '../../lib/class-names.ts';
import { ChoiceCard } from '../../ui/choice-card.tsx';
import { fieldControlProps } from '../../ui/text-field.tsx';
import { instantOf, timeZoneLabel, type WallClock, wallClockOf } from './schedule-time.ts';

type Publishing = 'draft' | 'now' | 'schedule';

/** What the post's two fields say: published, a draft that publishes itself later, or a draft. */
export interface PublishingValue {
  isPublished: boolean;
  /** An instant; '' while Schedule is chosen without a full date and time. */
  scheduledAt: string | null;
}

export interface PublishingChoiceProps {
  value: PublishingValue;
  onChange: (value: PublishingValue) => void;
  /** Whether the post being edited is on the public blog now (its option reads "Published"). */
  published: boolean;
  error?: string | undefined;
  /** The form's ref of the field, so that its error can take the focus. */
  inputRef: Ref<HTMLInputElement>;
}

function publishingOf({ isPublished, scheduledAt }: PublishingValue): Publishing {
  if (isPublished) return 'now';
  return scheduledAt === null ? 'draft' : 'schedule';
}

/**
 * Draft, Publish now or Schedule, as radio buttons; Schedule asks for a date and a time on the business's
 * clock (the time zone in Settings), wherever the owner opens the form.
 */
export function PublishingChoice({ value, onChange, published, error, inputRef }: PublishingChoiceProps) {
  const id = useId();
  // Undefined outside the back office's layout (the viewer's own zone); null while the settings load.
  const timeZone = useBusinessTimeZone();
  const zone = timeZone ?? undefined;
  const choice = publishingOf(value);
  const shown = (scheduledAt: string | null): WallClock =>
    scheduledAt ? wallClockOf(scheduledAt, zone) : { date: '', time: '' };
  // What the fields show: kept as typed, so a half-filled date or time is not lost.
  const [wallClock, setWallClock] = useState<WallClock>(() => shown(value.scheduledAt));
  // The settings arrived after the form opened (the fields wait for them): show the time on their clock.
  const [shownZone, setShownZone] = useState(timeZone);
  if (shownZone !== timeZone) {
    setShownZone(timeZone);
    setWallClock(shown(value.scheduledAt));
  }

  const choose = (next: Publishing) => {
    if (next === 'schedule') onChange({ isPublished: false, scheduledAt: instantOf(wallClock, zone) });
    else onChange({ isPublished: next === 'now', scheduledAt: null });
  };
  const setTime = (change: Partial<WallClock>) => {
    const next = { ...wallClock, ...change };
    setWallClock(next);
    onChange({ isPublished: false, scheduledAt: instantOf(next, zone) });
  };

  const options: { value: Publishing; label: string; hint: string }[] = [
    { value: 'draft', label: 'Draft', hint: 'Only admins see it.' },
    published
      ? { value: 'now', label: 'Published', hint: 'Visible on the public blog.' }
      : { value: 'now', label: 'Publish now', hint: 'Visible on the public blog once saved.' },
    { value: 'schedule', label: 'Schedule', hint: 'Publishes itself at the date and time you choose.' },
  ];
  const errorId = `${id}-error`;
  const zoneHint =
    timeZone === null
      ? 'Loading the business’s time zone…'
      : `In the business’s time zone: ${timeZoneLabel(zone)}.`;
  const scheduleFields = { hint: zoneHint, error, className: 'sm:w-48' };

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Publishing</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <ChoiceCard
            key={option.value}
            selected={choice === option.value}
            label={option.label}
            labelId={`${id}-${option.value}-label`}
            hint={option.hint}
            hintId={`${id}-${option.value}`}
          >
            <input
              type="radio"
              name={`${id}-publishing`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => choose(option.value)}
              aria-labelledby={`${id}-${option.value}-label`}
              aria-describedby={`${id}-${option.value}`}
              className="mt-0.5 size-4 accent-indigo-600"
            />
          </ChoiceCard>
        ))}
      </div>
      {choice === 'schedule' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="space-y-1">
            <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-700">
              Publication date
            </label>
            <input
              ref={inputRef}
              type="date"
              min={wallClockOf(new Date().toISOString(), zone).date}
              value={wallClock.date}
              disabled={timeZone === null}
              onChange={(event) => setTime({ date: event.target.value })}
              {...fieldControlProps(`${id}-date`, scheduleFields)}
              aria-describedby={cx(`${id}-zone`, error && errorId)}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-time`} className="block text-sm font-medium text-slate-700">
              Publication time
            </label>
            <input
              type="time"
              value={wallClock.time}
              disabled={timeZone === null}
              onChange={(event) => setTime({ time: event.target.value })}
              {...fieldControlProps(`${id}-time`, scheduleFields)}
              aria-describedby={cx(`${id}-zone`, error && errorId)}
            />
          </div>
        </div>
      )}
      {choice === 'schedule' && (
        <p id={`${id}-zone`} className="text-xs text-slate-600">
          {zoneHint}
        </p>
      )}
      <p id={errorId} role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}
