import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReauthenticatedResponseSchema, ReauthenticateSchema } from '../../../shared/contracts/admin-auth.ts';
import {
  REAUTHENTICATION_MESSAGES,
  REAUTHENTICATION_WINDOW_MINUTES,
} from '../../../shared/rules/admin-auth.ts';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../../shared/rules/api.ts';
import { WRONG_TOTP_CODE_MESSAGE } from '../../../shared/rules/two-factor.ts';
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { AdminRepository } from './admin-repository.ts';
import type { DeviceCookie } from './device-cookie.ts';
import { type TwoFactorThrottle, tooManyWrongCodes } from './login-throttle.ts';
import type { PasswordConfirmation } from './password-confirmation.ts';
import type { SessionService } from './sessions.ts';
import type { TwoFactor } from './two-factor.ts';

export interface ReauthenticationDeps {
  admins: AdminRepository;
  sessions: SessionService;
  confirmPassword: PasswordConfirmation;
  twoFactor: TwoFactor;
  twoFactorThrottle: TwoFactorThrottle;
  devices: DeviceCookie;
}

const WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

/**
 * `POST /api/admin/reauthenticate`: the signed-in user gives their password (or an authenticator code) again,
 * and the session may make sensitive changes for the next ten minutes (decision 049). Wrong answers count
 * against the same limits as a sign-in's (password-confirmation.ts).
 */
export const reauthenticationRoutes: FastifyPluginAsyncZod<ReauthenticationDeps> = async (app, deps) => {
  const { admins, sessions, confirmPassword, twoFactor, twoFactorThrottle, devices } = deps;

  app.get(
    '/api/admin/reauthenticate',
    {
      // Sensitive: the enforcement answers the 403 that asks for a password when the last one is old.
      config: { access: access.sensitive('account') },
      schema: {
        tags: ['admin'],
        operationId: 'getReauthentication',
        summary:
          'Whether this session may make sensitive changes now (until when), or a 403 asking to confirm it is you',
        response: { 200: ReauthenticatedResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const admin = request.admin!;
      return {
        success: true as const,
        message: REAUTHENTICATION_MESSAGES.confirmed,
        validUntil: new Date(Date.parse(admin.reauthenticatedAt!) + WINDOW_MS).toISOString(),
      };
    },
  );

  app.post(
    '/api/admin/reauthenticate',
    {
      // Confirming changes nothing: what it lets through is recorded as itself.
      config: { access: access.session('account'), audit: null },
      schema: {
        tags: ['admin'],
        operationId: 'reauthenticate',
        summary:
          'Confirm it is you with your password or an authenticator code: sensitive changes are allowed ' +
          `for ${REAUTHENTICATION_WINDOW_MINUTES} minutes`,
        body: ReauthenticateSchema,
        response: { 200: ReauthenticatedResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const signedIn = request.admin!;
      const admin = await admins.findById(signedIn.id);
      // The account was deleted since the session was checked: no one to confirm.
      if (!admin) throw new HttpError(401, AUTHENTICATION_REQUIRED_MESSAGE);
      const { password, code } = request.body;
      if (code !== undefined) {
        if (admin.twoFactorEnabledAt === null) {
          throw new HttpError(400, REAUTHENTICATION_MESSAGES.passwordOrCode, {
            errors: { code: 'Two-factor sign-in is not on for your account: enter your password' },
          });
        }
        // Counted before the code is checked, as at sign-in (decision 013).
        const attempt = await twoFactorThrottle.begin({
          adminId: admin.id,
          ip: request.ip,
          trustedDevice: await devices.trustedDevice(request, admin.email),
        });
        if (attempt.retryAfterSeconds > 0) throw tooManyWrongCodes(attempt.retryAfterSeconds);
        try {
          if (!(await twoFactor.verifyCode(admin.id, code))) {
            throw new HttpError(400, WRONG_TOTP_CODE_MESSAGE, { errors: { code: WRONG_TOTP_CODE_MESSAGE } });
          }
          await attempt.succeeded();
        } finally {
          attempt.end();
        }
      } else {
        await confirmPassword(request, admin, password ?? '', {
          field: 'password',
          message: REAUTHENTICATION_MESSAGES.wrongPassword,
        });
      }
      const at = await sessions.markReauthenticated(signedIn.sessionId);
      return {
        success: true as const,
        message: REAUTHENTICATION_MESSAGES.confirmed,
        validUntil: new Date(Date.parse(at) + WINDOW_MS).toISOString(),
      };
    },
  );
};
