import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type InboxSettings,
  InboxSettingsResponseSchema,
  InboxSettingsSavedResponseSchema,
  InboxSettingsSchema,
} from '../../../shared/contracts/site-settings.ts';
import { errorResponses } from '../../lib/http-errors.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { access } from '../../plugins/access.ts';
import type { SiteSettingsRepository } from './repository.ts';

/** How the inbox treats waiting inquiries (decision 080): when one without a response is overdue. */
export const inboxSettingsRoutes: FastifyPluginAsyncZod<{
  siteSettings: SiteSettingsRepository;
  currentInboxSettings: () => Promise<InboxSettings>;
  publicContent: PublicContent;
}> = async (app, { siteSettings, currentInboxSettings, publicContent }) => {
  app.get(
    '/api/admin/settings/inbox',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['settings'],
        operationId: 'getInboxSettings',
        summary: 'How the inbox treats waiting inquiries: after how many business hours one is overdue',
        response: { 200: InboxSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ inboxSettings: await currentInboxSettings() }),
  );

  app.put(
    '/api/admin/settings/inbox',
    {
      config: { access: access.session('administration'), audit: { action: 'settings.update' } },
      schema: {
        tags: ['settings'],
        operationId: 'replaceInboxSettings',
        summary: 'Replace how the inbox treats waiting inquiries',
        body: InboxSettingsSchema,
        response: { 200: InboxSettingsSavedResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const inboxSettings = await siteSettings.saveInboxSettings(request.body);
      // Not public content, but cached by the same signal: this instance reads the new value at once.
      publicContent.changed();
      return { success: true as const, message: 'Inbox settings saved', inboxSettings };
    },
  );
};
