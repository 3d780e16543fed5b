import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type DutySettings,
  DutySettingsResponseSchema,
  DutySettingsSavedResponseSchema,
  DutySettingsSchema,
} from '../../../shared/contracts/duty.ts';
import {
  type SignInSettings,
  SignInSettingsResponseSchema,
  SignInSettingsSavedResponseSchema,
  SignInSettingsSchema,
  type SiteSettings,
  SiteSettingsResponseSchema,
  SiteSettingsSavedResponseSchema,
  SiteSettingsSchema,
  TermsResponseSchema,
} from '../../../shared/contracts/site-settings.ts';
import { ANY_ROUTE_ERROR_RESPONSES, errorResponses, HttpError } from '../../lib/http-errors.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { access } from '../../plugins/access.ts';
import type { SiteSettingsRepository } from './repository.ts';

export interface SiteSettingsDeps {
  siteSettings: SiteSettingsRepository;
  /** The settings as public pages read them, cached until publicContent changes. */
  currentSettings: () => Promise<SiteSettings>;
  publicContent: PublicContent;
  /** The sign-in settings, cached as `currentSettings` is (publicContent's signal ends the copy). */
  currentSignInSettings: () => Promise<SignInSettings>;
  /** The terms' "Last updated" (ISO 8601), cached as `currentSettings` is. */
  currentTermsUpdatedAt: () => Promise<string>;
  /** How the duty roster is used (decision 076), cached as `currentSettings` is. */
  currentDutySettings: () => Promise<DutySettings>;
}

export const siteSettingsRoutes: FastifyPluginAsyncZod<SiteSettingsDeps> = async (
  app,
  {
    siteSettings,
    currentSettings,
    publicContent,
    currentSignInSettings,
    currentTermsUpdatedAt,
    currentDutySettings,
  },
) => {
  app.get(
    '/api/admin/settings/duty',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['settings'],
        operationId: 'getDutySettings',
        summary: 'How the duty roster is used: whether new inquiries are assigned to a member on duty',
        response: { 200: DutySettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ dutySettings: await currentDutySettings() }),
  );

  app.put(
    '/api/admin/settings/duty',
    {
      config: { access: access.session('administration'), audit: { action: 'settings.update' } },
      schema: {
        tags: ['settings'],
        operationId: 'replaceDutySettings',
        summary: 'Replace how the duty roster is used',
        body: DutySettingsSchema,
        response: { 200: DutySettingsSavedResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const dutySettings = await siteSettings.saveDutySettings(request.body);
      // Not public content, but cached by the same signal: this instance reads the new value at once.
      publicContent.changed();
      return { success: true as const, message: 'Duty settings saved', dutySettings };
    },
  );

  app.get(
    '/api/settings',
    {
      config: { access: access.public },
      schema: {
        tags: ['settings'],
        operationId: 'getSettings',
        summary: 'The site settings: brand, business hours, figures, time zone (public)',
        response: { 200: SiteSettingsResponseSchema, ...ANY_ROUTE_ERROR_RESPONSES },
      },
    },
    async () => ({ settings: await currentSettings() }),
  );

  app.get(
    '/api/terms',
    {
      config: { access: access.public },
      schema: {
        tags: ['settings'],
        operationId: 'getTermsFacts',
        summary:
          'When the terms last changed: their text, or a setting they quote (brand, figures, email) (public)',
        response: { 200: TermsResponseSchema, ...ANY_ROUTE_ERROR_RESPONSES },
      },
    },
    async () => ({ terms: { updatedAt: await currentTermsUpdatedAt() } }),
  );

  app.put(
    '/api/admin/settings',
    {
      config: { access: access.scripted('administration'), audit: { action: 'settings.update' } },
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

  app.get(
    '/api/admin/settings/sign-in',
    {
      config: { access: access.session('administration') },
      schema: {
        tags: ['settings'],
        operationId: 'getSignInSettings',
        summary: "The back office's sign-in settings: whether administrators must use two-factor sign-in",
        response: { 200: SignInSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ signInSettings: await currentSignInSettings() }),
  );

  app.put(
    '/api/admin/settings/sign-in',
    {
      config: { access: access.sensitive('administration'), audit: { action: 'settings.update' } },
      schema: {
        tags: ['settings'],
        operationId: 'replaceSignInSettings',
        summary: "Replace the back office's sign-in settings",
        body: SignInSettingsSchema,
        response: { 200: SignInSettingsSavedResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // Whoever requires it has it: the setting never turns its own author's back office into a setup page.
      if (request.body.requireTwoFactorForAdministrators && !request.admin!.twoFactorEnabled) {
        throw new HttpError(
          400,
          'Set up two-factor sign-in for your own account first (My Profile), then require it of administrators',
          {
            errors: {
              requireTwoFactorForAdministrators: 'Set up two-factor sign-in for your own account first',
            },
          },
        );
      }
      const signInSettings = await siteSettings.saveSignInSettings(request.body);
      // Not public content, but cached by the same signal: this instance reads the new value at once.
      publicContent.changed();
      return { success: true as const, message: 'Sign-in settings saved', signInSettings };
    },
  );
};
