import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Path, type UseFormRegisterReturn, useFieldArray, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type SiteSettings,
  type SiteSettingsInput,
  SiteSettingsSchema,
} from '../../../shared/contracts/site-settings.ts';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/rules/default-site-settings.ts';
import { brandGamePath } from '../../../shared/rules/site-settings.ts';
import { cx } from '../../lib/class-names.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { AddButton, Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { inputClassName, SelectField, TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { useSaveSiteSettings } from './api.ts';
import { BrandLogoField } from './brand-logo-field.tsx';

const SETTINGS_SAVED_MESSAGE = 'Settings saved';
const BUSINESS_HOURS_MAX_ROWS = 7;
/**
 * The cells of a business-hours row, in the order the table shows them: the English line, then under it the
 * optional Hindi line that Hindi pages show (the English one where it is empty).
 */
const HOURS_COLUMNS = [
  { key: 'days', label: 'Days', placeholder: 'e.g. Monday-Friday', className: 'col-start-1', hindi: false },
  {
    key: 'hours',
    label: 'Hours',
    placeholder: 'e.g. 9:00 AM - 8:00 PM',
    className: 'col-start-1 sm:col-start-2 sm:row-start-1',
    hindi: false,
  },
  {
    key: 'daysHi',
    label: 'Days in Hindi (optional)',
    placeholder: 'e.g. सोमवार-शुक्रवार',
    className: 'col-start-1 sm:row-start-2',
    hindi: true,
  },
  {
    key: 'hoursHi',
    label: 'Hours in Hindi (optional)',
    placeholder: 'e.g. सुबह 9:00 - रात 8:00',
    className: 'col-start-1 sm:col-start-2 sm:row-start-2',
    hindi: true,
  },
] as const;
const ENGLISH_HOURS_COLUMNS = HOURS_COLUMNS.filter((column) => !column.hindi);

const TOP_LEVEL_FIELDS = [
  'brandName',
  'supportEmail',
  'timeZone',
  'businessHours',
  'usersCount',
  'rating',
  'competitorName',
  'logo',
] as const satisfies readonly Path<SiteSettingsInput>[];

/** Every field the server may name in a 400 answer, the business-hours cells included. */
function serverFieldNames(rowCount: number): Path<SiteSettingsInput>[] {
  const rows = Array.from({ length: rowCount }, (_, index) => [
    `businessHours.${index}.days` as const,
    `businessHours.${index}.hours` as const,
    `businessHours.${index}.daysHi` as const,
    `businessHours.${index}.hoursHi` as const,
  ]).flat();
  return [...TOP_LEVEL_FIELDS, ...rows];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card titleId={id} title={title}>
      <div className="mt-4 space-y-4">{children}</div>
    </Card>
  );
}

/**
 * The zones this browser knows, by their IANA names. Intl lists canonical names only (Asia/Calcutta for
 * Asia/Kolkata), so the default and the stored zone are added when missing.
 */
function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_SITE_SETTINGS.timeZone, current, 'UTC', ...known])].sort();
}

/**
 * The site settings: what public pages show for {product}, the hours and the figures, and the time zone of
 * the back office. Numbers and handles are contact channels.
 */
export function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const save = useSaveSiteSettings();
  const { field, ...form } = useZodForm(SiteSettingsSchema, { defaultValues: settings, mode: 'onTouched' });
  const { errors } = form.formState;
  const hours = useFieldArray({ control: form.control, name: 'businessHours' });
  const brandName = useWatch({ control: form.control, name: 'brandName' }) ?? '';
  const gamePath = brandGamePath(brandName.trim());
  const logo = useWatch({ control: form.control, name: 'logo' }) ?? '';
  const timeZones = timeZoneOptions(settings.timeZone);

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      (result) => {
        toast.success(SETTINGS_SAVED_MESSAGE);
        // The form now shows what was stored (the email in lower case).
        form.reset(result.settings);
      },
      (error: unknown) =>
        form.showRefusal(error, serverFieldNames(hours.fields.length), 'Failed to save settings'),
    ),
  );

  const hoursError = errors.businessHours?.message ?? errors.businessHours?.root?.message;
  const canAddRow = hours.fields.length < BUSINESS_HOURS_MAX_ROWS;
  const canRemoveRow = hours.fields.length > 1;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="site-settings-title" className="space-y-6">
      <div>
        <h2 id="site-settings-title" className="text-xl font-semibold text-slate-900">
          Site settings
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What the public pages show: the brand, the business hours and the figures. The phone, WhatsApp and
          Telegram numbers visitors use are contact channels: the landing page shows the first active one of
          each.
        </p>
      </div>

      <Section id="settings-brand" title="Brand and contact">
        <TextField
          label="Brand name"
          autoComplete="off"
          hint={
            gamePath === '/Game' ? 'The game keeps its /tictactoe address.' : `The game is at ${gamePath}`
          }
          {...field('brandName')}
        />
        <BrandLogoField
          logo={logo}
          brandName={brandName}
          error={errors.logo?.message}
          onChange={(next) => form.setValue('logo', next, { shouldDirty: true })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Support email"
            type="email"
            {...VERBATIM_INPUT}
            placeholder="support@example.com"
            {...field('supportEmail')}
          />
          <SelectField
            label="Time zone"
            options={timeZones}
            hint="Dates in the back office and the CSV export are shown in this zone."
            {...field('timeZone')}
          />
        </div>
      </Section>

      <Section id="settings-hours" title="Business hours">
        <p className="text-sm text-slate-600">
          Shown on the contact page, one row per line ({BUSINESS_HOURS_MAX_ROWS} at most).
        </p>
        <div
          aria-hidden="true"
          className="hidden gap-3 text-sm font-medium text-slate-700 sm:grid sm:grid-cols-[1fr_1fr_2.75rem]"
        >
          {ENGLISH_HOURS_COLUMNS.map((column) => (
            <span key={column.key}>{column.label}</span>
          ))}
        </div>
        <ol className="space-y-3">
          {hours.fields.map((row, index) => {
            return (
              <li
                key={row.id}
                className="grid grid-cols-[1fr_2.75rem] gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_2.75rem] sm:border-0 sm:p-0"
              >
                {HOURS_COLUMNS.map((column) => (
                  <HoursCell
                    key={column.key}
                    id={`business-hours-${row.id}-${column.key}`}
                    label={column.label}
                    row={index + 1}
                    placeholder={column.placeholder}
                    className={column.className}
                    hindi={column.hindi}
                    {...field(`businessHours.${index}.${column.key}`)}
                  />
                ))}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove row ${index + 1}`}
                  disabled={!canRemoveRow}
                  onClick={() => hours.remove(index)}
                  className="col-start-2 row-span-4 row-start-1 self-center sm:col-start-3 sm:row-span-2"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ol>
        {hoursError && <p className="text-sm text-red-600">{hoursError}</p>}
        <AddButton
          variant="secondary"
          disabled={!canAddRow}
          onClick={() =>
            hours.append({ days: '', hours: '', daysHi: '', hoursHi: '' }, { shouldFocus: true })
          }
        >
          Add row
        </AddButton>
      </Section>

      <Section id="settings-figures" title="Marketing figures">
        <p className="text-sm text-slate-600">
          Shown as typed on the landing and terms pages. Leave a figure empty and the pages do not show it:
          enter only figures you can stand behind.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Users figure"
            autoComplete="off"
            placeholder="e.g. 12K+"
            {...field('usersCount')}
          />
          <TextField
            label="Rating (out of 5)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 4.6"
            {...field('rating')}
          />
        </div>
        <TextField
          label="Competitor name"
          autoComplete="off"
          hint="Named in the landing page's comparison."
          {...field('competitorName')}
        />
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={!form.formState.isDirty || save.isPending}
          onClick={() => form.reset()}
        >
          Discard changes
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}

interface HoursCellProps extends UseFormRegisterReturn {
  id: string;
  label: (typeof HOURS_COLUMNS)[number]['label'];
  row: number;
  placeholder: string;
  error: string | undefined;
  className: string;
  /** A Hindi line: its label shows on every screen (no header names it) and its text is marked as Hindi. */
  hindi: boolean;
}

/** One cell of a business-hours row: the visible label is short; the row number tells a screen reader which row. */
function HoursCell({
  id,
  label,
  row,
  placeholder,
  error,
  className,
  hindi,
  ...registration
}: HoursCellProps) {
  return (
    <div className={cx('space-y-1', className)}>
      <label
        htmlFor={id}
        className={cx('block text-xs font-medium text-slate-700', hindi ? undefined : 'sm:sr-only')}
      >
        {label}
      </label>
      <input
        id={id}
        lang={hindi ? 'hi' : undefined}
        aria-label={`${label}, row ${row}`}
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClassName, error ? 'border-red-500' : 'border-slate-300')}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
