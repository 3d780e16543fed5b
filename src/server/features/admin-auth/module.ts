import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SignInSettings } from '../../../shared/contracts/site-settings.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { type ServerKeyStore, serverSecret } from '../../lib/server-secret.ts';
import { sessionCookie } from '../../plugins/auth.ts';
import { createAccounts } from './accounts.ts';
import { createAdminRepository } from './admin-repository.ts';
import { ensureFirstAdmin } from './bootstrap.ts';
import { deviceCookie } from './device-cookie.ts';
import { createLoginThrottle, createTwoFactorThrottle } from './login-throttle.ts';
import { createNotificationChoices } from './notification-choices.ts';
import { passwordConfirmation } from './password-confirmation.ts';
import { pendingSignIn } from './pending-sign-in.ts';
import { reauthenticationRoutes } from './reauthentication-routes.ts';
import { adminAuthRoutes } from './routes.ts';
import { createSessionRepository } from './session-repository.ts';
import { createSessionService } from './sessions.ts';
import { createTwoFactor } from './two-factor.ts';
import { twoFactorResetRoutes } from './two-factor-reset-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

export interface AdminAuthModuleDeps {
  /** The cookies' names follow PUBLIC_ORIGIN; sessions last as set; the first admin is ADMIN_EMAIL's. */
  config: Pick<
    Config,
    | 'PUBLIC_ORIGIN'
    | 'SESSION_IDLE_MINUTES'
    | 'SESSION_ABSOLUTE_MINUTES'
    | 'ADMIN_EMAIL'
    | 'ADMIN_PASSWORD'
    | 'DEMO_MODE'
  >;
  database: Pick<Database, 'db' | 'dialect'>;
  redis: Redis | undefined;
  clock: () => number;
  /** The authenticator app names the account after the brand. */
  brandName: () => Promise<string>;
  signInSettings: () => Promise<Pick<SignInSettings, 'requireTwoFactorForAdministrators'>>;
  /** Where the device cookie's and the pending sign-in's keys are kept (the site settings' rows). */
  serverKeys: ServerKeyStore;
}

/** Signing in, sessions, the second factor and confirming it is you (decisions 003, 032, 049). */
export function createAdminAuthModule({
  config,
  database,
  redis,
  clock,
  brandName,
  signInSettings,
  serverKeys,
}: AdminAuthModuleDeps) {
  const { db } = database;
  const admins = createAdminRepository(db);
  const sessionRecords = createSessionRepository(db);
  const sessions = createSessionService(
    sessionRecords,
    { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_MINUTES * 60_000 },
    clock,
  );
  const twoFactorRequiredForAdministrators = async () =>
    (await signInSettings()).requireTwoFactorForAdministrators;
  const cookie = sessionCookie(config);
  const twoFactor = createTwoFactor({ admins, clock, issuer: brandName });
  const twoFactorThrottle = createTwoFactorThrottle(redis);
  const loginThrottle = createLoginThrottle(redis);
  const devices = deviceCookie(config, serverSecret(serverKeys, 'device-cookie-key'));
  const confirmPassword = passwordConfirmation({ admins, throttle: loginThrottle, devices });
  return {
    sessions,
    /** The session rows: the team ends a removed user's sessions. */
    sessionRecords,
    /**
     * The users as other features read and change them, each through a port it declares: the team, API
     * tokens' owners, the inbox's assignees and the notifications' recipients and choices.
     */
    accounts: { ...createAccounts(db, database.dialect), ...createNotificationChoices(db) },
    cookie,
    twoFactorRequiredForAdministrators,
    /** Creates the first administrator when there is none, printing a generated password through `print`. */
    ensureFirstAdmin: (print: (message: string) => void) => ensureFirstAdmin(admins, config, print),
    async register(app: FastifyInstance) {
      await app.register(encapsulated(adminAuthRoutes), {
        config,
        admins,
        sessionRecords,
        sessions,
        cookie,
        throttle: loginThrottle,
        devices,
        confirmPassword,
        clock,
        twoFactor,
        twoFactorThrottle,
        pending: pendingSignIn(config, serverSecret(serverKeys, 'pending-sign-in-key'), clock),
        twoFactorRequiredForAdministrators,
      });
      await app.register(encapsulated(reauthenticationRoutes), {
        admins,
        sessions,
        confirmPassword,
        twoFactor,
        twoFactorThrottle,
        devices,
      });
      await app.register(encapsulated(twoFactorRoutes), {
        admins,
        confirmPassword,
        twoFactor,
        twoFactorThrottle,
        twoFactorRequiredForAdministrators,
      });
      await app.register(encapsulated(twoFactorResetRoutes), { twoFactor, sessionRecords });
    },
  };
}
