import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReauthenticatedResponseSchema, ReauthenticateSchema } from '../../../shared/contracts/admin-auth.ts';
import {
  REAUTHENTICATION_MESSAGES,
  REAUTHENTICATION_WINDOW_MINUTES,
} from '../../../shared/rules/admin-auth.ts';
import { WRONG_TOTP_CODE_MESSAGE } from '../../../shared/rules/two-factor.ts';
import { verifyPassword } from '../../lib/password.ts';
import { requireRecentReauthentication } from '../../plugins/auth.ts';
import { errorResponses, HttpError } from '../../plugins/errors.ts';
import { waitPhrase } from '../../plugins/rate-limits.ts';
import type { AdminRepository } from './admin-repository.ts';
import type { DeviceCookie } from './device-cookie.ts';
import { type LoginThrottle, type TwoFactorThrottle, tooManyWrongCodes } from './login-throttle.ts';
import type { SessionService } from './sessions.ts';
import type { TwoFactor } from './two-factor.ts';

export interface ReauthenticationDeps {
  admins: AdminRepository;
  sessions: SessionService;
  throttle: LoginThrottle;
  twoFactor: TwoFactor;
  twoFactorThrottle: TwoFactorThrottle;
  devices: DeviceCookie;
  clock: () => number;
}

const WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

function tooManyPasswords(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    `Too many wrong passwords. Please try again ${waitPhrase(retryAfterSeconds)}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * `POST /api/admin/reauthenticate`: the signed-in user gives their password (or an authenticator code) again,
 * and the session may make sensitive changes for the next ten minutes (decision 049). Wrong answers count
 * against the same limits as a sign-in's, so a stolen session is no faster a password oracle than the form.
 */
export const reauthenticationRoutes: FastifyPluginAsyncZod<ReauthenticationDeps> = async (app, deps) => {
  const { admins, sessions, throttle, twoFactor, twoFactorThrottle, devices, clock } = deps;

  app.get(
    '/api/admin/reauthenticate',
    {
      onRequest: app.requireAccess('account'),
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
      requireRecentReauthentication(admin, clock());
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
      onRequest: app.requireAccess('account'),
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
      if (!admin) throw new HttpError(401, REAUTHENTICATION_MESSAGES.wrongPassword);
      const trustedDevice = await devices.trustedDevice(request, admin.email);
      const { password, code } = request.body;
      if (code !== undefined) {
        if (admin.twoFactorEnabledAt === null) {
          throw new HttpError(400, REAUTHENTICATION_MESSAGES.passwordOrCode, {
            code: 'Two-factor sign-in is not on for your account: enter your password',
          });
        }
        // Counted before the code is checked, as at sign-in (decision 013).
        const attempt = await twoFactorThrottle.begin({ adminId: admin.id, ip: request.ip, trustedDevice });
        if (attempt.retryAfterSeconds > 0) throw tooManyWrongCodes(attempt.retryAfterSeconds);
        if (!(await twoFactor.verifyCode(admin.id, code))) {
          throw new HttpError(400, WRONG_TOTP_CODE_MESSAGE, { code: WRONG_TOTP_CODE_MESSAGE });
        }
        await attempt.succeeded();
      } else {
        const attempt = await throttle.begin({ email: admin.email, ip: request.ip, trustedDevice });
        if (attempt.retryAfterSeconds > 0) throw tooManyPasswords(attempt.retryAfterSeconds);
        if (!(await verifyPassword(admin.passwordHash, password ?? ''))) {
          await admins.recordFailedSignIn(admin.id);
          throw new HttpError(400, REAUTHENTICATION_MESSAGES.wrongPassword, {
            password: REAUTHENTICATION_MESSAGES.wrongPassword,
          });
        }
        await attempt.succeeded();
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
