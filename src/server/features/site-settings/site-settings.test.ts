import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/rules/site-settings.ts';
import { PUBLIC_CONTENT_MAX_AGE_MS } from '../../plugins/public-content.ts';
import {
  asAdmin,
  expectAuthenticationRequired,
  signedInAppForEachTest,
  TEST_DIALECTS,
  testAppForEachTest,
} from '../../test-support/test-app.ts';
import { createSiteSettingsRepository } from './repository.ts';

function settingsInput(overrides: Partial<Record<keyof SiteSettings, unknown>> = {}) {
  return {
    ...DEFAULT_SITE_SETTINGS,
    brandName: 'Apna Support',
    supportPhone: '+91 91234 56789',
    telegramHandle: '@apna_help',
    supportEmail: 'Help@Apna.example',
    businessHours: [{ days: 'Every day', hours: '8:00 AM - 10:00 PM' }],
    usersCount: '12K+',
    rating: '4.6',
    ...overrides,
  };
}

describe.each(TEST_DIALECTS)('site settings API (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  const publicSettings = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    return response.json().settings as SiteSettings;
  };
  const save = (payload: object, as: { cookie?: string } = { cookie: t.cookie }) =>
    t.app.inject(asAdmin(as.cookie, { method: 'PUT', url: '/api/admin/settings', payload }));

  it('shows the defaults on a new site', async () => {
    expect(await publicSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('saves the settings normalised, and the public read shows them at once', async () => {
    const response = await save(settingsInput());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const expected = {
      ...settingsInput(),
      telegramHandle: 'apna_help',
      supportEmail: 'help@apna.example',
    };
    expect(response.json()).toEqual({ success: true, message: 'Settings saved', settings: expected });
    expect(await publicSettings()).toEqual(expected);

    // Saving again replaces the row rather than adding one.
    expect((await save(settingsInput({ rating: '5' }))).statusCode).toBe(200);
    expect((await publicSettings()).rating).toBe('5');
  });

  it('refuses a visitor without a session', async () => {
    const response = await save(settingsInput(), {});
    expectAuthenticationRequired(response);
    expect(await publicSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('explains each bad field in the standard 400 shape', async () => {
    const response = await save(
      settingsInput({ brandName: '  ', rating: '6', telegramHandle: '@x', businessHours: [] }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      errors: {
        brandName: 'Brand name is required',
        rating: 'Enter a rating from 0 to 5, e.g. 4.8',
        telegramHandle: 'Enter a Telegram handle such as @yourhandle',
        businessHours: 'Add at least one row',
      },
    });
    expect(body.message).toMatch(/^Please check the form: /);
    expect((await save({ brandName: 'Only this' })).json().errors).toHaveProperty('supportPhone');
    expect(await publicSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("shows another instance's change within a second", async () => {
    await publicSettings();
    // Another app server on the same database writes directly.
    await createSiteSettingsRepository(t.database.db).save({
      ...DEFAULT_SITE_SETTINGS,
      brandName: 'Elsewhere',
    });
    expect((await publicSettings()).brandName).toBe(DEFAULT_SITE_SETTINGS.brandName);
    t.clock.advance(PUBLIC_CONTENT_MAX_AGE_MS);
    expect((await publicSettings()).brandName).toBe('Elsewhere');
  });
});

describe.each(TEST_DIALECTS)('site settings repository (%s)', (dialect) => {
  const t = testAppForEachTest(dialect);

  it('merges the stored settings over the defaults, field by field', async () => {
    const repository = createSiteSettingsRepository(t.database.db);
    // A row written by an older version: one field missing, one no longer valid, one unknown.
    const stored = JSON.stringify({ brandName: 'Old Brand', rating: '9.9', retired: true });
    await sql`insert into site_settings (id, settings, updated_at) values ('site', ${stored}, ${new Date().toISOString()})`.execute(
      t.database.db,
    );
    expect(await repository.get()).toEqual({ ...DEFAULT_SITE_SETTINGS, brandName: 'Old Brand' });

    await sql`update site_settings set settings = ${'not json'}`.execute(t.database.db);
    expect(await repository.get()).toEqual(DEFAULT_SITE_SETTINGS);
  });
});
