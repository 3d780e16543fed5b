import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  RecoveryCodesResponseSchema,
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
} from '../../../shared/contracts/two-factor.ts';
import { WRONG_TOTP_CODE_MESSAGE } from '../../../shared/rules/two-factor.ts';
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { AdminRepository } from './admin-repository.ts';
import { type TwoFactorThrottle, tooManyWrongCodes } from './login-throttle.ts';
import type { PasswordConfirmation } from './password-confirmation.ts';
import type { TwoFactor } from './two-factor.ts';

export interface TwoFactorRoutesDeps {
  admins: AdminRepository;
  twoFactor: TwoFactor;
  twoFactorThrottle: TwoFactorThrottle;
  twoFactorRequiredForAdministrators: () => Promise<boolean>;
  confirmPassword: PasswordConfirmation;
}

const errors = errorResponses(400, 401, 403);
const wrongCode = () =>
  new HttpError(400, WRONG_TOTP_CODE_MESSAGE, { errors: { code: WRONG_TOTP_CODE_MESSAGE } });
const notOn = () => new HttpError(400, 'Two-factor sign-in is not on for your account');

/** One's own second factor (area `account`): set it up, turn it on and off, renew the recovery codes. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesDeps> = async (app, deps) => {
  const { admins, twoFactor, twoFactorThrottle, twoFactorRequiredForAdministrators, confirmPassword } = deps;

  app.get(
    '/api/admin/two-factor',
    {
      config: { access: access.session('account') },
      schema: {
        tags: ['admin'],
        summary: 'Whether two-factor sign-in is on for you, and how many recovery codes are left',
        response: { 200: TwoFactorStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const { enabledAt, recoveryCodesLeft } = await twoFactor.status(admin.id);
      const required = admin.role === 'administrator' && (await twoFactorRequiredForAdministrators());
      return {
        twoFactor: { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft, required },
      };
    },
  );

  app.post(
    '/api/admin/two-factor/setup',
    {
      // Setting up changes nothing until a code confirms it (enable).
      config: { access: access.session('account'), audit: null },
      schema: {
        tags: ['admin'],
        operationId: 'setUpTwoFactor',
        summary: 'A new secret for an authenticator app (QR code), not on until a code from it is given',
        response: { 200: TwoFactorSetupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const setup = await twoFactor.setUp(admin);
      if (!setup) {
        throw new HttpError(
          400,
          'Two-factor sign-in is on already. Turn it off first to set it up with another app.',
        );
      }
      return { success: true as const, ...setup };
    },
  );

  app.post(
    '/api/admin/two-factor/enable',
    {
      config: { access: access.session('account'), audit: { action: 'two-factor.enable' } },
      schema: {
        tags: ['admin'],
        operationId: 'enableTwoFactor',
        summary: 'Turns two-factor sign-in on with a code from the app just set up; the recovery codes, once',
        body: TwoFactorCodeSchema,
        response: { 200: RecoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Not throttled: until it is on, the secret being set up protects nothing.
      const enabled = await twoFactor.enable(request.admin!.id, request.body.code);
      if (enabled === 'wrong-code') throw wrongCode();
      if (enabled === 'not-set-up') {
        throw new HttpError(400, 'Start the setup first: there is no authenticator app being set up');
      }
      return {
        success: true as const,
        message: 'Two-factor sign-in is on',
        recoveryCodes: enabled,
      };
    },
  );

  app.post(
    '/api/admin/two-factor/disable',
    {
      config: { access: access.session('account'), audit: { action: 'two-factor.disable' } },
      schema: {
        tags: ['admin'],
        operationId: 'disableTwoFactor',
        summary: 'Turns two-factor sign-in off (your password again)',
        body: TwoFactorDisableSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const signedIn = request.admin!;
      const admin = await admins.findById(signedIn.id);
      if (!admin) throw notOn();
      // Counted as a sign-in's password is: a stolen session must not be a password oracle (decision 049).
      await confirmPassword(request, admin, request.body.password, {
        field: 'password',
        message: 'Your password is incorrect',
      });
      await twoFactor.disable(admin.id);
      return { success: true as const, message: 'Two-factor sign-in is off' };
    },
  );

  app.post(
    '/api/admin/two-factor/recovery-codes',
    {
      config: { access: access.session('account'), audit: { action: 'two-factor.recovery-codes' } },
      schema: {
        tags: ['admin'],
        operationId: 'renewRecoveryCodes',
        summary: 'New recovery codes for a code from the authenticator app; the old ones stop working',
        body: TwoFactorCodeSchema,
        response: { 200: RecoveryCodesResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const { enabledAt } = await twoFactor.status(admin.id);
      if (enabledAt === null) throw notOn();
      // Recovery codes are a second factor of their own: the code is counted as at sign-in, before the check.
      const attempt = await twoFactorThrottle.begin({
        adminId: admin.id,
        ip: request.ip,
        trustedDevice: null,
      });
      if (attempt.retryAfterSeconds > 0) throw tooManyWrongCodes(attempt.retryAfterSeconds);
      let recoveryCodes: string[] | null;
      try {
        recoveryCodes = await twoFactor.renewRecoveryCodes(admin.id, request.body.code);
        if (recoveryCodes) await attempt.succeeded();
      } finally {
        attempt.end();
      }
      if (!recoveryCodes) throw wrongCode();
      return {
        success: true as const,
        message: 'New recovery codes: the old ones no longer work',
        recoveryCodes,
      };
    },
  );
};
