import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { type DutySettings, DutySettingsSchema } from '../../../shared/contracts/duty.ts';
import {
  type InboxSettings,
  InboxSettingsSchema,
  type SignInSettings,
  SignInSettingsSchema,
  type SiteSettings,
  SiteSettingsSchema,
} from '../../../shared/contracts/site-settings.ts';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/rules/default-site-settings.ts';
import { DEFAULT_OVERDUE_AFTER_HOURS } from '../../../shared/rules/first-responses.ts';
import { termsFactsOf } from '../../../shared/rules/terms.ts';
import { containsPattern, type Executor } from '../../db/repository-support.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso, toIso } from '../../db/values.ts';

const SITE_ROW_ID = 'site';
/** The back office's sign-in settings: a row of their own, never sent to public pages. */
const SIGN_IN_ROW_ID = 'sign-in';
/**
 * The settings the terms quote, as last saved: the row's time is when one of them last changed, which the
 * terms page shows as its "Last updated" (src/shared/rules/terms.ts).
 */
const TERMS_FACTS_ROW_ID = 'terms-facts';
const DEFAULT_SIGN_IN_SETTINGS: SignInSettings = { requireTwoFactorForAdministrators: false };
/** How the duty roster is used (decision 076): a row of its own, never sent to public pages. */
const DUTY_ROW_ID = 'duty';
const INBOX_ROW_ID = 'inbox';
const DEFAULT_DUTY_SETTINGS: DutySettings = { assignInquiries: false };
const DEFAULT_INBOX_SETTINGS: InboxSettings = { overdueAfterHours: DEFAULT_OVERDUE_AFTER_HOURS };

/** A row of the back office's own settings, or `defaults` without one or when it no longer passes `schema`. */
async function backOfficeRow<T>(trx: Executor, id: string, schema: z.ZodType<T>, defaults: T): Promise<T> {
  const row = await trx.selectFrom('siteSettings').select('settings').where('id', '=', id).executeTakeFirst();
  if (!row) return defaults;
  try {
    const stored = schema.safeParse(JSON.parse(row.settings));
    return stored.success ? stored.data : defaults;
  } catch {
    return defaults;
  }
}

async function saveBackOfficeRow<T>(trx: Executor, id: string, settings: T): Promise<T> {
  const now = nowIso();
  const json = JSON.stringify(settings);
  await trx
    .insertInto('siteSettings')
    .values({ id, settings: json, updatedAt: now })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ settings: json, updatedAt: now }))
    .execute();
  return settings;
}

/**
 * Each stored field that still passes its schema wins over the default; anything else (a field added by a
 * later version, a rule tightened since it was saved, an unreadable row) falls back to the default, so the
 * public pages always have a complete, valid set. The hours as data are the exception (decision 073): a site
 * without a row has the demo's week, but a row saved without them (before that decision) keeps showing its
 * hours as text until the owner saves a schedule.
 */
function mergeOverDefaults(json: string | undefined): SiteSettings {
  if (json === undefined) return { ...DEFAULT_SITE_SETTINGS };
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      stored = parsed as Record<string, unknown>;
    }
  } catch {
    // An unreadable row: the defaults, but the site's hours as text rather than the demo's week.
  }
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(SiteSettingsSchema.shape) as (keyof SiteSettings)[]) {
    const field = SiteSettingsSchema.shape[key].safeParse(stored[key]);
    // Hours as data that no longer pass are not replaced by the demo's week: the site's text rows show.
    const fallback = key === 'openingHours' ? undefined : DEFAULT_SITE_SETTINGS[key];
    merged[key] = field.success ? field.data : fallback;
  }
  return merged as SiteSettings;
}

export function createSiteSettingsRepository(db: Kysely<DB>) {
  const get = async (trx: Executor = db): Promise<SiteSettings> => {
    const row = await trx
      .selectFrom('siteSettings')
      .select('settings')
      .where('id', '=', SITE_ROW_ID)
      .executeTakeFirst();
    return mergeOverDefaults(row?.settings);
  };

  return {
    /** The stored settings merged over the defaults. */
    get,

    /**
     * Replaces the settings and returns them as the public pages will read them. A new brand puts the one it
     * replaces among the former brands (whose game routes redirect), and takes itself out of them.
     */
    async save(settings: SiteSettings, trx?: Executor): Promise<SiteSettings> {
      const write = async (executor: Executor) => {
        const now = nowIso();
        const previous = (await get(executor)).brandName;
        const json = JSON.stringify(settings);
        await executor
          .insertInto('siteSettings')
          .values({ id: SITE_ROW_ID, settings: json, updatedAt: now })
          .onConflict((conflict) => conflict.column('id').doUpdateSet({ settings: json, updatedAt: now }))
          .execute();
        const termsFacts = JSON.stringify(termsFactsOf(settings));
        const storedTermsFacts = await executor
          .selectFrom('siteSettings')
          .select('settings')
          .where('id', '=', TERMS_FACTS_ROW_ID)
          .executeTakeFirst();
        if (storedTermsFacts?.settings !== termsFacts) {
          await executor
            .insertInto('siteSettings')
            .values({ id: TERMS_FACTS_ROW_ID, settings: termsFacts, updatedAt: now })
            .onConflict((conflict) =>
              conflict.column('id').doUpdateSet({ settings: termsFacts, updatedAt: now }),
            )
            .execute();
        }
        if (previous !== settings.brandName) {
          await executor
            .insertInto('formerBrandNames')
            .values({ brandName: previous, replacedAt: now })
            .onConflict((conflict) => conflict.column('brandName').doUpdateSet({ replacedAt: now }))
            .execute();
          await executor.deleteFrom('formerBrandNames').where('brandName', '=', settings.brandName).execute();
        }
        return mergeOverDefaults(json);
      };
      return trx ? write(trx) : db.transaction().execute(write);
    },

    /**
     * When a setting the terms quote last changed; for settings saved before that was recorded, their last
     * save; null while the defaults stand.
     */
    async termsFactsChangedAt(trx: Executor = db): Promise<string | null> {
      const rows = await trx
        .selectFrom('siteSettings')
        .select(['id', 'updatedAt'])
        .where('id', 'in', [TERMS_FACTS_ROW_ID, SITE_ROW_ID])
        .execute();
      const byId = new Map(rows.map((row) => [row.id, toIso(row.updatedAt)]));
      return byId.get(TERMS_FACTS_ROW_ID) ?? byId.get(SITE_ROW_ID) ?? null;
    },

    signInSettings: (trx: Executor = db) =>
      backOfficeRow(trx, SIGN_IN_ROW_ID, SignInSettingsSchema, DEFAULT_SIGN_IN_SETTINGS),
    saveSignInSettings: (settings: SignInSettings, trx: Executor = db) =>
      saveBackOfficeRow(trx, SIGN_IN_ROW_ID, settings),
    dutySettings: (trx: Executor = db) =>
      backOfficeRow(trx, DUTY_ROW_ID, DutySettingsSchema, DEFAULT_DUTY_SETTINGS),
    saveDutySettings: (settings: DutySettings, trx: Executor = db) =>
      saveBackOfficeRow(trx, DUTY_ROW_ID, settings),
    inboxSettings: (trx: Executor = db) =>
      backOfficeRow(trx, INBOX_ROW_ID, InboxSettingsSchema, DEFAULT_INBOX_SETTINGS),
    saveInboxSettings: (settings: InboxSettings, trx: Executor = db) =>
      saveBackOfficeRow(trx, INBOX_ROW_ID, settings),

    /** The brands the site had before, the most recently replaced first. */
    async formerBrandNames(trx: Executor = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('formerBrandNames')
        .select('brandName')
        .orderBy('replacedAt', 'desc')
        .execute();
      return rows.map((row) => row.brandName);
    },

    /**
     * The server's key of row `id`, stored as `key` unless a row of that id is there already (server-secret.ts):
     * of instances that start together, whichever row won is the key they all use.
     */
    async keepServerKey(id: string, key: string, now: string): Promise<string> {
      await db
        .insertInto('siteSettings')
        .values({ id, settings: key, updatedAt: now })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const row = await db
        .selectFrom('siteSettings')
        .select('settings')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.settings;
    },

    /** Whether the settings hold `text` (an upload's address: the logo, a picture), before it is deleted. */
    async mentions(text: string): Promise<boolean> {
      const settings = await db
        .selectFrom('siteSettings')
        .select('id')
        .where(sql<boolean>`${sql.ref('settings')} like ${containsPattern(text)} escape '\\'`)
        .limit(1)
        .executeTakeFirst();
      return settings !== undefined;
    },
  };
}

export type SiteSettingsRepository = ReturnType<typeof createSiteSettingsRepository>;
