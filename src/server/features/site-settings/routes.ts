import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type SiteSettings,
  SiteSettingsResponseSchema,
  SiteSettingsSavedResponseSchema,
  SiteSettingsSchema,
} from '../../../shared/contracts/site-settings.ts';
import { errorResponses } from '../../plugins/errors.ts';
import type { PublicContent } from '../../plugins/public-content.ts';
import type { SiteSettingsRepository } from './repository.ts';

export interface SiteSettingsDeps {
  siteSettings: SiteSettingsRepository;
  /** The settings as public pages read them, cached until publicContent changes. */
  currentSettings: () => Promise<SiteSettings>;
  publicContent: PublicContent;
}

export const siteSettingsRoutes: FastifyPluginAsyncZod<SiteSettingsDeps> = async (
  app,
  { siteSettings, currentSettings, publicContent },
) => {
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'The site settings: brand, business hours, figures, time zone (public)',
        response: { 200: SiteSettingsResponseSchema },
      },
    },
    async () => ({ settings: await currentSettings() }),
  );

  app.put(
    '/api/admin/settings',
    {
      onRequest: app.requireAccess('administration'),
      schema: {
        tags: ['settings'],
        summary: 'Replace the site settings',
        body: SiteSettingsSchema,
        response: {
          200: SiteSettingsSavedResponseSchema,
          ...errorResponses(400, 401, 403),
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
