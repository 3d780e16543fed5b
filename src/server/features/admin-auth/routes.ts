import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminResponseSchema,
  ChangePasswordSchema,
  LoginInfoSchema,
  LoginResponseSchema,
  LoginSchema,
  type SignedInResponse,
  SignedInResponseSchema,
} from '../../../shared/contracts/admin-auth.ts';
import { ApiErrorSchema, MessageResponseSchema } from '../../../shared/contracts/api.ts';
import { TwoFactorSignInSchema } from '../../../shared/contracts/two-factor.ts';
import { ACCOUNT_DISABLED_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '../../../shared/rules/admin-auth.ts';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../../shared/rules/api.ts';
import { isRole, type Role } from '../../../shared/rules/roles.ts';
import {
  mustSetUpTwoFactor,
  TWO_FACTOR_SIGN_IN_EXPIRED_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
  WRONG_TOTP_CODE_MESSAGE,
} from '../../../shared/rules/two-factor.ts';
import type { Config } from '../../config.ts';
import { nowIso } from '../../db/values.ts';
import { ANY_ROUTE_ERROR_RESPONSES, errorResponses, HttpError } from '../../lib/http-errors.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { access } from '../../plugins/access.ts';
import type { SessionCookie } from '../../plugins/auth.ts';
import type { AdminRepository } from './admin-repository.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from './bootstrap.ts';
import type { DeviceCookie } from './device-cookie.ts';
import { type LoginThrottle, type TwoFactorThrottle, tooManyWrongCodes } from './login-throttle.ts';
import type { PasswordConfirmation } from './password-confirmation.ts';
import type { PendingSignIn } from './pending-sign-in.ts';
import type { SessionRepository } from './session-repository.ts';
import type { SessionService } from './sessions.ts';
import type { TwoFactor } from './two-factor.ts';

export interface AdminAuthDeps {
  config: Pick<
    Config,
    'PUBLIC_ORIGIN' | 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_MINUTES' | 'DEMO_MODE' | 'ADMIN_PASSWORD'
  >;
  admins: AdminRepository;
  sessionRecords: SessionRepository;
  sessions: SessionService;
  cookie: SessionCookie;
  throttle: LoginThrottle;
  devices: DeviceCookie;
  clock: () => number;
  twoFactor: TwoFactor;
  twoFactorThrottle: TwoFactorThrottle;
  /** The sign-in between a right password and the second factor. */
  pending: PendingSignIn;
  /** Whether the site requires two-factor sign-in of administrators (the sign-in settings). */
  twoFactorRequiredForAdministrators: () => Promise<boolean>;
  /** Checks a signed-in user's password, counted like a sign-in. */
  confirmPassword: PasswordConfirmation;
}

const errors = errorResponses(400, 401, 403, 429);

function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
}

interface SigningInAdmin {
  id: string;
  email: string;
  name: string;
  role: Role;
  twoFactorEnabled: boolean;
}

/** A sign-in's refusals, recorded in the audit log as failed sign-ins with the reason for each status. */
const PASSWORD_REFUSALS = {
  401: 'wrong email or password',
  403: 'account disabled',
  429: 'too many attempts',
};
const SECOND_STEP_REFUSALS = {
  401: 'wrong or expired two-factor code',
  403: 'account disabled',
  429: 'too many attempts',
};

type AdminAuthApp = Parameters<FastifyPluginAsyncZod<AdminAuthDeps>>[0];

/** The signed-in user as the back office reads them: at sign-in and from `GET /api/admin/me`. */
function adminViewFor({ admins, config, twoFactorRequiredForAdministrators }: AdminAuthDeps) {
  const sessionPolicy = {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteMinutes: config.SESSION_ABSOLUTE_MINUTES,
  };
  return async (admin: SigningInAdmin) => ({
    _id: admin.id,
    email: admin.email,
    name: admin.name,
    role: admin.role,
    sessionPolicy,
    twoFactorSetupRequired: await mustSetUpTwoFactor(admin, twoFactorRequiredForAdministrators),
    passwordToChange: await admins.passwordToChange(admin.id),
  });
}

type AdminView = ReturnType<typeof adminViewFor>;

/** The end of every sign-in, with or without a second factor: the sign-in is recorded and a session starts. */
function sessionStarterFor(
  { admins, sessions, cookie, devices, clock }: AdminAuthDeps,
  adminView: AdminView,
) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    admin: SigningInAdmin,
    trustedDevice: string | null,
  ): Promise<SignedInResponse> => {
    const signIn = await admins.recordSignIn(admin.id, nowIso(clock));
    // A browser new to an account that signed in before: every administrator is told (a security notice,
    // decision 051). An account's very first sign-in is the one its owner was expecting.
    if (!trustedDevice && signIn.previousAt !== null) {
      const note = request.auditNote;
      request.auditNote = { ...note, detail: { ...note?.detail, newDevice: true } };
    }
    // A new token at every sign-in: a cookie planted before login is never promoted to a session.
    await sessions.end(cookie.read(request));
    cookie.set(reply, await sessions.start(admin.id));
    await devices.issue(reply, admin.email);
    reply.header('cache-control', 'no-store');
    return { success: true as const, admin: await adminView(admin), signIn };
  };
}

type StartSession = ReturnType<typeof sessionStarterFor>;

/** `POST /api/admin/login`: the email and password, then a session or the second step. */
function passwordSignInRoute(app: AdminAuthApp, deps: AdminAuthDeps, startSession: StartSession) {
  const { admins, throttle, devices, pending } = deps;
  app.post(
    '/api/admin/login',
    {
      config: { access: access.public, audit: { action: 'sign-in', refusals: PASSWORD_REFUSALS } },
      schema: {
        tags: ['admin'],
        operationId: 'signIn',
        summary:
          'Sign in with email and password: a session cookie, or the second step when two-factor is on',
        body: LoginSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const trustedDevice = await devices.trustedDevice(request, email);
      const attempt = await throttle.begin({ email, ip: request.ip, trustedDevice });
      if (attempt.retryAfterSeconds > 0) throw tooManyAttempts(attempt.retryAfterSeconds);

      const admin = await admins.findByEmail(email);
      if (admin) request.auditNote = { actor: { id: admin.id, email: admin.email } };
      try {
        // Verify against a decoy when the email is unknown, so timing does not reveal which emails exist.
        const valid = await verifyPassword(admin?.passwordHash ?? (await decoyPasswordHash()), password);
        if (!admin || !valid || !isRole(admin.role)) {
          if (admin) await admins.recordFailedSignIn(admin.id);
          throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE, { code: 'INVALID_CREDENTIALS' });
        }
        // Told only to whoever knows the password: the account exists, but an administrator turned it off.
        if (admin.disabled) throw new HttpError(403, ACCOUNT_DISABLED_MESSAGE);
        await attempt.succeeded();
      } finally {
        attempt.end();
      }
      reply.header('cache-control', 'no-store');
      if (admin.twoFactorEnabledAt !== null) {
        // No session yet: the second factor completes the sign-in (POST /api/admin/login/two-factor), which
        // the audit log records.
        await pending.start(reply, admin);
        request.auditNote = { action: null };
        return { success: true as const, twoFactorRequired: true as const };
      }
      return startSession(
        request,
        reply,
        { ...admin, role: admin.role, twoFactorEnabled: false },
        trustedDevice,
      );
    },
  );
}

/** `POST /api/admin/login/two-factor`: the second step, an authenticator's code or a recovery code. */
function secondStepRoute(app: AdminAuthApp, deps: AdminAuthDeps, startSession: StartSession) {
  const { admins, devices, twoFactor, twoFactorThrottle, pending } = deps;
  app.post(
    '/api/admin/login/two-factor',
    {
      config: { access: access.public, audit: { action: 'sign-in', refusals: SECOND_STEP_REFUSALS } },
      schema: {
        tags: ['admin'],
        operationId: 'signInWithTwoFactor',
        summary: "A sign-in's second step: the authenticator's code, or a recovery code (used up)",
        body: TwoFactorSignInSchema,
        response: { 200: SignedInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const pendingId = pending.adminId(request);
      const admin = pendingId ? await admins.findById(pendingId) : undefined;
      if (
        !admin ||
        admin.twoFactorEnabledAt === null ||
        !isRole(admin.role) ||
        !(await pending.isFor(request, admin))
      ) {
        pending.clear(reply);
        throw new HttpError(401, TWO_FACTOR_SIGN_IN_EXPIRED_MESSAGE, { code: 'SIGN_IN_EXPIRED' });
      }
      if (admin.disabled) {
        pending.clear(reply);
        throw new HttpError(403, ACCOUNT_DISABLED_MESSAGE);
      }
      // Counted before the code is checked, as the password is (decision 013).
      const trustedDevice = await devices.trustedDevice(request, admin.email);
      const attempt = await twoFactorThrottle.begin({ adminId: admin.id, ip: request.ip, trustedDevice });
      if (attempt.retryAfterSeconds > 0) throw tooManyWrongCodes(attempt.retryAfterSeconds);

      const { code, recoveryCode } = request.body;
      request.auditNote = {
        actor: { id: admin.id, email: admin.email },
        detail: { secondFactor: code !== undefined ? 'authenticator code' : 'recovery code' },
      };
      try {
        if (code !== undefined) {
          if (!(await twoFactor.verifyCode(admin.id, code))) {
            throw new HttpError(401, WRONG_TOTP_CODE_MESSAGE, {
              code: 'INVALID_CREDENTIALS',
              errors: { code: WRONG_TOTP_CODE_MESSAGE },
            });
          }
        } else if (!(await twoFactor.redeemRecoveryCode(admin.id, recoveryCode ?? ''))) {
          throw new HttpError(401, WRONG_RECOVERY_CODE_MESSAGE, {
            code: 'INVALID_CREDENTIALS',
            errors: { recoveryCode: WRONG_RECOVERY_CODE_MESSAGE },
          });
        }
        await attempt.succeeded();
      } finally {
        attempt.end();
      }
      pending.clear(reply);
      return startSession(
        request,
        reply,
        { ...admin, role: admin.role, twoFactorEnabled: true },
        trustedDevice,
      );
    },
  );
}

/** Signing out, the signed-in user, changing one's own password, and what the sign-in page shows first. */
function accountRoutes(app: AdminAuthApp, deps: AdminAuthDeps, adminView: AdminView) {
  const { admins, sessions, sessionRecords, cookie, config, confirmPassword } = deps;
  app.post(
    '/api/admin/logout',
    {
      config: { access: access.public, audit: { action: 'sign-out' } },
      schema: {
        tags: ['admin'],
        operationId: 'signOut',
        summary: 'Sign out: the session ends and its cookie is cleared (without a session, nothing changes)',
        // 403: sent from another site with the session's cookie (the CSRF check).
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const admin = await app.adminFromRequest(request);
      // Signing out without a session changes nothing: the audit log records only real sign-outs.
      request.auditNote = admin ? { actor: admin } : { action: null };
      await sessions.end(cookie.read(request));
      cookie.clear(reply);
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/me',
    {
      config: { access: access.session('account') },
      schema: {
        tags: ['admin'],
        operationId: 'getSignedInUser',
        summary: 'The signed-in user: name, email, role and two-factor state',
        response: { 200: AdminResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const admin = request.admin!;
      return { success: true as const, admin: await adminView(admin) };
    },
  );

  app.post(
    '/api/admin/password',
    {
      config: { access: access.session('account'), audit: { action: 'password.change' } },
      schema: {
        tags: ['admin'],
        operationId: 'changeOwnPassword',
        summary: 'Change your own password (the current one is asked); your other sessions end',
        body: ChangePasswordSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const signedIn = request.admin!;
      const admin = await admins.findById(signedIn.id);
      if (!admin) throw new HttpError(401, AUTHENTICATION_REQUIRED_MESSAGE);
      await confirmPassword(request, admin, request.body.currentPassword, {
        field: 'currentPassword',
        message: 'Current password is incorrect',
      });
      await admins.updatePassword(admin.id, await hashPassword(request.body.newPassword));
      // Anyone else holding a session for this account is signed out; this browser stays signed in.
      await sessionRecords.deleteForAdmin(admin.id, { except: signedIn.sessionId });
      return { success: true as const, message: 'Password changed successfully' };
    },
  );

  app.get(
    '/api/admin/login-info',
    {
      config: { access: access.public },
      schema: {
        tags: ['admin'],
        operationId: 'getSignInInfo',
        summary: 'What the sign-in page shows before anyone signs in: the demo credentials in demo mode',
        response: { 200: LoginInfoSchema, ...ANY_ROUTE_ERROR_RESPONSES },
      },
    },
    async () => ({
      demoCredentials:
        config.DEMO_MODE && !config.ADMIN_PASSWORD
          ? { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }
          : null,
    }),
  );
}

export const adminAuthRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const adminView = adminViewFor(deps);
  const startSession = sessionStarterFor(deps, adminView);
  passwordSignInRoute(app, deps, startSession);
  secondStepRoute(app, deps, startSession);
  accountRoutes(app, deps, adminView);
};
