import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/contracts/api.ts';
import { type SiteSettings, SiteSettingsSchema } from '../../../shared/contracts/site-settings.ts';
import type { PublicContent } from '../../plugins/public-content.ts';
import type { SiteSettingsRepository } from './repository.ts';

export interface SiteSettingsDeps {
  siteSettings: SiteSettingsRepository;
  /** The settings as public pages read them, cached until publicContent changes. */
  currentSettings: () => Promise<SiteSettings>;
  publicContent: PublicContent;
}

/**
 * The response shape of the settings. The input schema normalises (strips the Telegram @, lowercases the
 * email) through transforms, which zod cannot run backwards to encode a response; the values going out were
 * normalised when saved, so plain strings describe them.
 */
const SiteSettingsResponseSchema = SiteSettingsSchema.extend({
  telegramHandle: z.string(),
  supportEmail: z.string(),
});

export const siteSettingsRoutes: FastifyPluginAsyncZod<SiteSettingsDeps> = async (
  app,
  { siteSettings, currentSettings, publicContent },
) => {
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'The site settings: brand, numbers, business hours, figures (public)',
        response: { 200: z.object({ settings: SiteSettingsResponseSchema }) },
      },
    },
    async () => ({ settings: await currentSettings() }),
  );

  app.put(
    '/api/admin/settings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Replace the site settings',
        body: SiteSettingsSchema,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            settings: SiteSettingsResponseSchema,
          }),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const settings = await siteSettings.save(request.body);
      publicContent.changed();
      return { success: true as const, message: 'Settings saved', settings };
    },
  );
};
