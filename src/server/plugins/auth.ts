import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REAUTHENTICATION_MESSAGES,
  REAUTHENTICATION_REQUIRED_CODE,
  REAUTHENTICATION_WINDOW_MINUTES,
} from '../../shared/rules/admin-auth.ts';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../shared/rules/api.ts';
import { API_TOKEN_MESSAGES, type ApiTokenAccess } from '../../shared/rules/api-tokens.ts';
import { type Area, canUse, FORBIDDEN_MESSAGE, type Role } from '../../shared/rules/roles.ts';
import { mustSetUpTwoFactor, TWO_FACTOR_SETUP_REQUIRED_MESSAGE } from '../../shared/rules/two-factor.ts';
import type { Config } from '../config.ts';
import { bearerToken } from './bearer-token.ts';
import { HttpError } from './errors.ts';
import { isHttps } from './security.ts';

/** The admin a live session belongs to: what `request.admin` holds for the routes. */
export interface SignedInAdmin {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Two-factor sign-in is on for this user. */
  twoFactorEnabled: boolean;
  /** The session's stored id; for a request made with an API token, `api-token:<token id>`. */
  sessionId: string;
  /** Set when the request was made with an API token (`Authorization: Bearer …`) rather than a session. */
  apiToken?: { id: string; name: string; access: ApiTokenAccess };
  /** A session's last password or second factor (ISO), its sign-in included; null or absent for a token. */
  reauthenticatedAt?: string | null;
}

type OnRequestHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Finds the admin of a session cookie's token; the admin-auth feature's session service is one. */
interface AdminSessions {
  resolve(token: string | undefined): Promise<SignedInAdmin | null>;
}

/** Finds the user an API token acts as; the api-tokens feature's service is one. */
interface ApiTokenResolver {
  resolve(token: string): Promise<SignedInAdmin | null>;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

declare module 'fastify' {
  interface FastifyRequest {
    admin: SignedInAdmin | null;
    /** A token's request passed a check of an area other than `account` (see the preValidation hook). */
    tokenReachesBeyondAccount: boolean;
  }
  interface FastifyInstance {
    /**
     * The onRequest hook of every back-office route: 401 without a live session, 403 when the user's role
     * may not use `area` (src/shared/rules/roles.ts), or when the user must set up two-factor sign-in first
     * and `area` is not their own account — all before the request is validated.
     */
    requireAccess: (area: Area) => OnRequestHook;
    /** The signed-in admin of a request, or null: for public routes that show admins a little more. */
    adminFromRequest: (request: FastifyRequest) => Promise<SignedInAdmin | null>;
  }
}

export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

export function sessionCookie(config: Config): SessionCookie {
  const secure = isHttps(config);
  // The __Host- prefix pins the cookie to this exact host over HTTPS; browsers refuse it over plain HTTP.
  const name = secure ? '__Host-sampark_session' : 'sampark_session';
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    name,
    read: (request) => request.cookies[name],
    set: (reply, token) =>
      reply.setCookie(name, token, { ...options, maxAge: config.SESSION_ABSOLUTE_MINUTES * 60 }),
    clear: (reply) => reply.clearCookie(name, options),
  };
}

export interface AuthOptions {
  /** Whether the site requires two-factor sign-in of administrators (the sign-in settings). */
  twoFactorRequiredForAdministrators: () => Promise<boolean>;
}

export function registerAuth(
  app: FastifyInstance,
  sessions: AdminSessions,
  apiTokens: ApiTokenResolver,
  cookie: SessionCookie,
  { twoFactorRequiredForAdministrators }: AuthOptions,
): void {
  app.decorateRequest('admin', null);
  app.decorateRequest('tokenReachesBeyondAccount', false);
  // After every onRequest hook, so a route's own area counts beside its plugin's (My Profile's plugin checks
  // `account`, and some of its routes `administration` on top): a token works for scripts, never for the
  // account it belongs to (password, two-factor, devices, more tokens); a read-only one only reads.
  // A callback hook, not an async one: it runs on every request, and for nearly all it has nothing to do.
  app.addHook('preValidation', (request, _reply, done) => {
    const token = request.admin?.apiToken;
    if (!token) return done();
    if (!request.tokenReachesBeyondAccount) return done(new HttpError(403, API_TOKEN_MESSAGES.accountArea));
    if (token.access === 'read' && !READ_METHODS.has(request.method)) {
      return done(new HttpError(403, API_TOKEN_MESSAGES.readOnly));
    }
    done();
  });
  app.decorate('adminFromRequest', async (request: FastifyRequest) => {
    const token = cookie.read(request);
    return token === undefined ? null : sessions.resolve(token);
  });
  const hooks = new Map<Area, OnRequestHook>();
  app.decorate('requireAccess', (area: Area) => {
    let hook = hooks.get(area);
    if (!hook) {
      hook = async (request: FastifyRequest, reply: FastifyReply) => {
        // Admin answers are personal: never kept by a shared cache or the browser's back-forward cache.
        reply.header('cache-control', 'no-store');
        // A route may have two hooks (its plugin's and its own): the session or token is looked up once.
        const token = bearerToken(request);
        if (token !== undefined) {
          const admin = request.admin ?? (await apiTokens.resolve(token));
          if (!admin) {
            reply.header('www-authenticate', 'Bearer error="invalid_token"');
            throw new HttpError(401, API_TOKEN_MESSAGES.invalid);
          }
          request.admin = admin;
          if (area !== 'account') request.tokenReachesBeyondAccount = true;
        }
        const admin = request.admin ?? (await sessions.resolve(cookie.read(request)));
        if (!admin) {
          if (cookie.read(request) !== undefined) cookie.clear(reply);
          throw new HttpError(401, AUTHENTICATION_REQUIRED_MESSAGE);
        }
        request.admin = admin;
        if (!canUse(admin.role, area)) throw new HttpError(403, FORBIDDEN_MESSAGE);
        if (area !== 'account' && (await mustSetUpTwoFactor(admin, twoFactorRequiredForAdministrators))) {
          throw new HttpError(403, TWO_FACTOR_SETUP_REQUIRED_MESSAGE);
        }
      };
      hooks.set(area, hook);
    }
    return hook;
  });
}

const REAUTHENTICATION_WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

/**
 * A sensitive route's last check (decision 049): the session gave its password or second factor within the
 * last ten minutes, else a 403 whose `code` makes the back office ask for it and try again.
 */
export function requireRecentReauthentication(admin: SignedInAdmin, now: number): void {
  const at = admin.reauthenticatedAt ? Date.parse(admin.reauthenticatedAt) : Number.NaN;
  if (now - at < REAUTHENTICATION_WINDOW_MS) return;
  throw new HttpError(403, REAUTHENTICATION_MESSAGES.required, undefined, undefined, {
    code: REAUTHENTICATION_REQUIRED_CODE,
  });
}
