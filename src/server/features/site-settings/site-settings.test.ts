import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { DEFAULT_SITE_SETTINGS, DEMO_OPENING_HOURS } from '../../../shared/rules/default-site-settings.ts';
import { TERMS_TEXT_CHANGED_AT } from '../../../shared/rules/terms.ts';
import { PUBLIC_CONTENT_MAX_AGE_MS } from '../../lib/public-content.ts';
import {
  asAdmin,
  expectAuthenticationRequired,
  migrateTestDatabase,
  signedInAppForEachTest,
  storedChannel,
  TEST_DIALECTS,
  testAppForEachTest,
  withDatabaseMigratedTo,
} from '../../test-support/test-app.ts';
import { createSiteSettingsRepository } from './repository.ts';

function settingsInput(overrides: Partial<Record<keyof SiteSettings, unknown>> = {}) {
  return {
    ...DEFAULT_SITE_SETTINGS,
    brandName: 'Apna Support',
    supportEmail: 'Help@Apna.example',
    businessHours: [
      { days: 'Every day', hours: '8:00 AM - 10:00 PM', daysHi: 'हर दिन', hoursHi: 'सुबह 8:00 - रात 10:00' },
      { days: 'Holidays', hours: 'Closed', daysHi: '', hoursHi: '' },
    ],
    usersCount: '12K+',
    rating: '4.6',
    timeZone: 'America/New_York',
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

  it('shows the defaults on a new site, which claim no figure', async () => {
    const settings = await publicSettings();
    expect(settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect(settings).toMatchObject({ usersCount: '', rating: '' });
  });

  it('takes empty figures: the owner may leave either out', async () => {
    const response = await save(settingsInput({ usersCount: ' ', rating: '' }));
    expect(response.statusCode).toBe(200);
    expect(await publicSettings()).toMatchObject({ usersCount: '', rating: '' });
  });

  it('saves the settings normalised, and the public read shows them at once', async () => {
    const response = await save(settingsInput());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const expected = { ...settingsInput(), supportEmail: 'help@apna.example' };
    expect(response.json()).toEqual({ success: true, message: 'Settings saved', settings: expected });
    expect(await publicSettings()).toEqual(expected);

    // Saving again replaces the row rather than adding one.
    expect((await save(settingsInput({ rating: '5' }))).statusCode).toBe(200);
    expect((await publicSettings()).rating).toBe('5');
  });

  it('dates the terms by their text, and by a later change of a setting they quote, never by today', async () => {
    const termsUpdatedAt = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/terms' });
      expect(response.statusCode).toBe(200);
      return (response.json() as { terms: { updatedAt: string } }).terms.updatedAt;
    };
    expect(await termsUpdatedAt()).toBe(TERMS_TEXT_CHANGED_AT);

    const before = new Date().toISOString();
    expect((await save(settingsInput())).statusCode).toBe(200);
    const changed = await termsUpdatedAt();
    expect(changed >= before).toBe(true);

    // The hours and the time zone are not in the terms: saving them leaves the date alone.
    const hours = [{ days: 'Weekdays', hours: '9:00 AM - 6:00 PM', daysHi: '', hoursHi: '' }];
    expect((await save(settingsInput({ businessHours: hours, timeZone: 'UTC' }))).statusCode).toBe(200);
    expect(await termsUpdatedAt()).toBe(changed);

    expect((await save(settingsInput({ businessHours: hours, rating: '4.9' }))).statusCode).toBe(200);
    expect(await termsUpdatedAt()).not.toBe(changed);
  });

  it('refuses a visitor without a session', async () => {
    const response = await save(settingsInput(), {});
    expectAuthenticationRequired(response);
    expect(await publicSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('explains each bad field in the standard 400 shape', async () => {
    const response = await save(
      settingsInput({ brandName: '  ', rating: '6', timeZone: 'Asia/Atlantis', businessHours: [] }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      errors: {
        brandName: 'Brand name is required',
        rating: 'Enter a rating from 0 to 5, e.g. 4.8, or leave it empty',
        timeZone: 'Choose a time zone from the list, e.g. Asia/Kolkata',
        businessHours: 'Add at least one row',
      },
    });
    expect(body.message).toMatch(/^Please check the form: /);
    expect((await save({ brandName: 'Only this' })).json().errors).toHaveProperty('supportEmail');
    expect(await publicSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('keeps the Hindi texts of the hours rows, trimmed, and takes rows without them', async () => {
    const saved = await save(
      settingsInput({
        businessHours: [
          { days: 'Weekdays', hours: '9 to 5', daysHi: '  सोमवार से शुक्रवार ', hoursHi: 'सुबह 9 से शाम 5' },
          { days: 'Sunday', hours: 'Closed' },
        ],
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await publicSettings()).businessHours).toEqual([
      { days: 'Weekdays', hours: '9 to 5', daysHi: 'सोमवार से शुक्रवार', hoursHi: 'सुबह 9 से शाम 5' },
      { days: 'Sunday', hours: 'Closed', daysHi: '', hoursHi: '' },
    ]);
  });

  it('refuses a Hindi hours text that is too long or holds a control character, like the English one', async () => {
    const row = { days: 'Weekdays', hours: '9 to 5' };
    const refused = await save(
      settingsInput({ businessHours: [{ ...row, daysHi: 'स'.repeat(41), hoursHi: 'सुबह\u0007' }] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'businessHours.0.daysHi': 'At most 40 characters',
      'businessHours.0.hoursHi': 'Hours in Hindi must not contain control characters',
    });
    expect(await publicSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('reads settings saved before the Hindi texts existed with empty ones', async () => {
    await t.database.db
      .insertInto('siteSettings')
      .values({
        id: 'site',
        settings: JSON.stringify({ ...settingsInput(), businessHours: [{ days: 'Daily', hours: '9 to 9' }] }),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    expect((await publicSettings()).businessHours).toEqual([
      { days: 'Daily', hours: '9 to 9', daysHi: '', hoursHi: '' },
    ]);
  });

  it('neither takes nor gives the phone, WhatsApp and Telegram: they are contact channels', async () => {
    const response = await save({
      ...settingsInput(),
      supportPhone: '+91 91234 56789',
      whatsappNumber: '+91 91234 56789',
      telegramHandle: '@apna_help',
    });
    expect(response.statusCode).toBe(200);
    for (const settings of [response.json().settings, await publicSettings()]) {
      expect(Object.keys(settings).sort()).toEqual(Object.keys(DEFAULT_SITE_SETTINGS).sort());
      expect(settings).not.toHaveProperty('supportPhone');
      expect(settings).not.toHaveProperty('whatsappNumber');
      expect(settings).not.toHaveProperty('telegramHandle');
    }
    const stored = await t.database.db
      .selectFrom('siteSettings')
      .select('settings')
      .where('id', '=', 'site')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings)).not.toHaveProperty('supportPhone');
    // The channels are as they were: the settings put nothing there either.
    const channels = await t.app.inject({ url: '/api/contacts/active' });
    expect(channels.json().contacts).toEqual([]);
  });

  it('keeps the time zone Asia/Kolkata until the owner picks another, which Intl must know', async () => {
    expect((await publicSettings()).timeZone).toBe('Asia/Kolkata');
    for (const timeZone of ['Mars/Olympus_Mons', '+05:30', 'Asia/Kolkata; drop', '', 'Local']) {
      const refused = await save(settingsInput({ timeZone }));
      expect(refused.statusCode, timeZone).toBe(400);
      expect(refused.json().errors).toEqual({
        timeZone: 'Choose a time zone from the list, e.g. Asia/Kolkata',
      });
    }
    expect((await publicSettings()).timeZone).toBe('Asia/Kolkata');
    for (const timeZone of ['Europe/London', 'UTC', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata']) {
      const saved = await save(settingsInput({ timeZone }));
      expect(saved.statusCode, timeZone).toBe(200);
      expect((await publicSettings()).timeZone).toBe(timeZone);
    }
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
    // A row from before decision 073 has no hours as data: its hours as text show, not the demo's week.
    const withoutWeek = { ...DEFAULT_SITE_SETTINGS, openingHours: undefined };
    expect(await repository.get()).toEqual({ ...withoutWeek, brandName: 'Old Brand' });

    await sql`update site_settings set settings = ${'not json'}`.execute(t.database.db);
    expect(await repository.get()).toEqual(withoutWeek);
  });

  it('keeps the hours as data, and hours that no longer pass are not taken for the demo’s week', async () => {
    const repository = createSiteSettingsRepository(t.database.db);
    expect((await repository.get()).openingHours).toEqual(DEMO_OPENING_HOURS);
    const week = {
      ...DEMO_OPENING_HOURS,
      closures: [{ date: '2026-11-09', note: 'Diwali', noteHi: 'दिवाली' }],
    };
    await repository.save({ ...(await repository.get()), openingHours: week });
    expect((await repository.get()).openingHours).toEqual(week);

    const broken = JSON.stringify({ ...(await repository.get()), openingHours: { week: [], closures: [] } });
    await sql`update site_settings set settings = ${broken}`.execute(t.database.db);
    expect((await repository.get()).openingHours).toBeUndefined();
  });
});

describe.each(TEST_DIALECTS)('contact facts migration (%s)', (dialect) => {
  it('moves the numbers and the handle out of the settings into active channels, keeping the ones already there', async () => {
    await withDatabaseMigratedTo(dialect, '0007_admin_sign_in_record', async (database) => {
      const now = new Date().toISOString();
      await database.db
        .insertInto('contactChannels')
        .values([
          storedChannel('whatsapp', '+91 98765 43210', 0, now),
          storedChannel('email', 'help@apna.example', 1, now),
          storedChannel('telegram', '@other_handle', 2, now, 0),
        ])
        .execute();
      const old = {
        brandName: 'Apna Support',
        // The same WhatsApp number, typed another way: already a channel, so not added again.
        whatsappNumber: '+91-98765-43210',
        supportPhone: '+91 91234 56789',
        telegramHandle: 'apna_help',
        supportEmail: 'help@apna.example',
        rating: '4.6',
      };
      await database.db
        .insertInto('siteSettings')
        .values({ id: 'site', settings: JSON.stringify(old), updatedAt: now })
        .execute();

      await migrateTestDatabase(database);

      const channels = await database.db
        .selectFrom('contactChannels')
        .select(['type', 'value', 'isActive', 'position'])
        .orderBy('position')
        .execute();
      expect(channels).toEqual([
        // Kept, not added again; then stored in E.164 like every number (migration 0010).
        { type: 'whatsapp', value: '+919876543210', isActive: 1, position: 0 },
        { type: 'email', value: 'help@apna.example', isActive: 1, position: 1 },
        { type: 'telegram', value: '@other_handle', isActive: 0, position: 2 },
        { type: 'phone', value: '+919123456789', isActive: 1, position: 3 },
        { type: 'telegram', value: 'apna_help', isActive: 1, position: 4 },
      ]);
      const stored = await database.db
        .selectFrom('siteSettings')
        .select('settings')
        .where('id', '=', 'site')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.settings)).toEqual({
        brandName: 'Apna Support',
        supportEmail: 'help@apna.example',
        rating: '4.6',
      });
      expect(await createSiteSettingsRepository(database.db).get()).toEqual({
        ...DEFAULT_SITE_SETTINGS,
        // Saved before decision 073: its hours as text show.
        openingHours: undefined,
        brandName: 'Apna Support',
        supportEmail: 'help@apna.example',
        rating: '4.6',
      });
    });
  });
});

describe.each(TEST_DIALECTS)('invented figures migration (%s)', (dialect) => {
  const settingsWith = (figures: { usersCount: string; rating: string }) =>
    JSON.stringify({ ...DEFAULT_SITE_SETTINGS, brandName: 'Apna Support', ...figures });

  it.each([
    ['the old default pair, saved by the form, is emptied', { usersCount: '50K+', rating: '4.8' }, '', ''],
    ['figures the owner changed stay', { usersCount: '12K+', rating: '4.8' }, '12K+', '4.8'],
    ['a rating the owner changed keeps both', { usersCount: '50K+', rating: '4.5' }, '50K+', '4.5'],
  ])('%s', async (_case, figures, usersCount, rating) => {
    await withDatabaseMigratedTo(dialect, '0018_outbox_lanes', async (database) => {
      await database.db
        .insertInto('siteSettings')
        .values({ id: 'site', settings: settingsWith(figures), updatedAt: new Date().toISOString() })
        .execute();

      await migrateTestDatabase(database);

      expect(await createSiteSettingsRepository(database.db).get()).toEqual({
        ...DEFAULT_SITE_SETTINGS,
        brandName: 'Apna Support',
        usersCount,
        rating,
      });
    });
  });
});
