import type { ReactNode } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type SiteSettings,
  type SiteSettingsInput,
  SiteSettingsSchema,
} from '../../../shared/contracts/site-settings.ts';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/rules/default-site-settings.ts';
import { brandGamePath } from '../../../shared/rules/site-settings.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { SelectField, TextField, VERBATIM_INPUT } from '../../ui/text-field.tsx';
import { useSaveSiteSettings } from './api.ts';
import { BrandLogoField } from './brand-logo-field.tsx';
import { OpeningHoursFields, openingHoursFieldNames } from './opening-hours-fields.tsx';

const SETTINGS_SAVED_MESSAGE = 'Settings saved';
const TOP_LEVEL_FIELDS = [
  'brandName',
  'supportEmail',
  'timeZone',
  'businessHours',
  'openingHours',
  'usersCount',
  'rating',
  'competitorName',
  'logo',
] as const satisfies readonly Path<SiteSettingsInput>[];

/** Every field the server may name in a 400 answer, the opening hours' included. */
function serverFieldNames(closures: number): Path<SiteSettingsInput>[] {
  return [...TOP_LEVEL_FIELDS, ...openingHoursFieldNames(closures)];
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
        form.showRefusal(
          error,
          serverFieldNames(form.getValues('openingHours')?.closures.length ?? 0),
          'Failed to save settings',
        ),
    ),
  );

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

      <Section id="settings-hours" title="Opening hours">
        <OpeningHoursFields
          control={form.control}
          field={field}
          legacyRows={settings.businessHours}
          onSetUp={(week) => form.setValue('openingHours', week, { shouldDirty: true })}
        />
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
