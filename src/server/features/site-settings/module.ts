import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { termsUpdatedAt } from '../../../shared/rules/terms.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../db/values.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import type { ServerKeyStore } from '../../lib/server-secret.ts';
import { inboxSettingsRoutes } from './inbox-settings-routes.ts';
import { createSiteSettingsRepository } from './repository.ts';
import { siteSettingsRoutes } from './routes.ts';

/**
 * The site settings, and what other features read of them: each cached until public content changes. Their
 * table also keeps the server's own keys (server-secret.ts), which the app and several features sign with.
 */
export function createSiteSettingsModule({
  db,
  publicContent,
  clock,
}: {
  db: Kysely<DB>;
  publicContent: PublicContent;
  clock: () => number;
}) {
  const siteSettings = createSiteSettingsRepository(db);
  const serverKeys: ServerKeyStore = {
    keep: (id, key) => siteSettings.keepServerKey(id, key, nowIso(clock)),
  };
  const currentSettings = publicContent.cached(() => siteSettings.get());
  const currentSignInSettings = publicContent.cached(() => siteSettings.signInSettings());
  const currentDutySettings = publicContent.cached(() => siteSettings.dutySettings());
  const currentInboxSettings = publicContent.cached(() => siteSettings.inboxSettings());
  const currentTermsUpdatedAt = publicContent.cached(async () =>
    termsUpdatedAt(await siteSettings.termsFactsChangedAt()),
  );
  return {
    currentSettings,
    currentSignInSettings,
    /** How the duty roster is used (decision 076), cached as `currentSettings` is. */
    currentDutySettings,
    currentTermsUpdatedAt,
    /** After how many business hours a waiting inquiry is overdue (decision 080). */
    overdueAfterHours: async () => (await currentInboxSettings()).overdueAfterHours,
    /** The business's time zone: digests, reports and scheduled posts count days in it (decision 029). */
    timeZone: async () => (await currentSettings()).timeZone,
    brandName: async () => (await currentSettings()).brandName,
    formerBrandNames: () => siteSettings.formerBrandNames(),
    /** The brand the icons and share cards are drawn from (decision 026). */
    brand: async () => {
      const { brandName, logo } = await currentSettings();
      return { name: brandName, logo };
    },
    serverKeys,
    /** Whether an upload is still shown by the settings (the logo, the share card). */
    mentions: siteSettings.mentions,
    async register(app: FastifyInstance) {
      await app.register(encapsulated(siteSettingsRoutes), {
        siteSettings,
        currentSettings,
        publicContent,
        currentSignInSettings,
        currentDutySettings,
        currentTermsUpdatedAt,
      });
      await app.register(encapsulated(inboxSettingsRoutes), {
        siteSettings,
        currentInboxSettings,
        publicContent,
      });
    },
  };
}
