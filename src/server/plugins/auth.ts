import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REAUTHENTICATION_MESSAGES, REAUTHENTICATION_WINDOW_MINUTES } from '../../shared/rules/admin-auth.ts';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../shared/rules/api.ts';
import { API_TOKEN_MESSAGES, type ApiTokenAccess } from '../../shared/rules/api-tokens.ts';
import { type Area, canUse, FORBIDDEN_MESSAGE, type Role } from '../../shared/rules/roles.ts';
import { mustSetUpTwoFactor, TWO_FACTOR_SETUP_REQUIRED_MESSAGE } from '../../shared/rules/two-factor.ts';
import type { Config } from '../config.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import { HttpError } from '../lib/http-errors.ts';
import { accessOf, operationKey, type RouteAccess } from './access.ts';
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
  }
  interface FastifyInstance {
    /** The signed-in admin of a request, or null: for public routes that show admins a little more. */
    adminFromRequest: (request: FastifyRequest) => Promise<SignedInAdmin | null>;
    /** Every route's access declaration, by `METHOD /path/{param}` (operationKey): for tests and tools. */
    routeAccess: ReadonlyMap<string, RouteAccess>;
  }
}

export interface SessionCookie {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

export function sessionCookie(
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'SESSION_ABSOLUTE_MINUTES'>,
): SessionCookie {
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
  /** Now, for the age of a session's last password or second factor (decision 049). */
  clock: () => number;
}

/**
 * Enforces every route's access declaration (`config.access`, see access.ts): an `onRoute` hook, so it is
 * registered before any route, puts the check first among the route's onRequest hooks, and refuses to start
 * with a route that declares nothing.
 */
export function registerAuth(
  app: FastifyInstance,
  sessions: AdminSessions,
  apiTokens: ApiTokenResolver,
  cookie: SessionCookie,
  { twoFactorRequiredForAdministrators, clock }: AuthOptions,
): void {
  app.decorateRequest('admin', null);
  app.decorate('adminFromRequest', async (request: FastifyRequest) => {
    const token = cookie.read(request);
    return token === undefined ? null : sessions.resolve(token);
  });

  /** The session's or token's user, or a 401: a token, when one is sent, decides alone. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<SignedInAdmin> => {
    const token = bearerToken(request);
    if (token !== undefined) {
      const admin = await apiTokens.resolve(token);
      if (admin) return admin;
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new HttpError(401, API_TOKEN_MESSAGES.invalid, { code: 'TOKEN_INVALID' });
    }
    const admin = await sessions.resolve(cookie.read(request));
    if (admin) return admin;
    if (cookie.read(request) !== undefined) cookie.clear(reply);
    throw new HttpError(401, AUTHENTICATION_REQUIRED_MESSAGE);
  };

  /**
   * The one check of every non-public route, all before the request is validated: 401 without a live
   * session or with a bad token; 403 when the role may not use the area, when two-factor sign-in must be set
   * up first (except for one's own account), when a token may not call the route, or when a read-only token
   * would write.
   */
  const enforce = async (
    declaration: RouteAccess & { area: Area },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> => {
    // Admin answers are personal: never kept by a shared cache or the browser's back-forward cache.
    reply.header('cache-control', 'no-store');
    const admin = await signedIn(request, reply);
    request.admin = admin;
    if (!canUse(admin.role, declaration.area)) throw new HttpError(403, FORBIDDEN_MESSAGE);
    if (
      declaration.area !== 'account' &&
      (await mustSetUpTwoFactor(admin, twoFactorRequiredForAdministrators))
    )
      throw new HttpError(403, TWO_FACTOR_SETUP_REQUIRED_MESSAGE, { code: 'TWO_FACTOR_SETUP_REQUIRED' });
    const token = admin.apiToken;
    if (token) {
      if (!declaration.tokens.includes(token.access))
        throw new HttpError(
          403,
          declaration.area === 'account' ? API_TOKEN_MESSAGES.accountArea : API_TOKEN_MESSAGES.sessionOnly,
        );
      if (token.access === 'read' && !READ_METHODS.has(request.method))
        throw new HttpError(403, API_TOKEN_MESSAGES.readOnly);
    }
    if (declaration.sensitive) {
      // Sensitive operations (decision 048): a session, never a token, whatever the declaration lists, that
      // gave its password or second factor lately (decision 049).
      if (token) throw new HttpError(403, API_TOKEN_MESSAGES.sessionOnly);
      requireRecentReauthentication(admin, clock());
    }
  };

  const declared = new Map<string, RouteAccess>();
  app.decorate('routeAccess', declared);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const declaration = accessOf(this, route.config);
    if (!declaration)
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no access: give it config.access (access.ts)`,
      );
    route.config = { ...route.config, access: declaration };
    for (const method of [route.method].flat()) declared.set(operationKey(method, route.url), declaration);
    const { area } = declaration;
    if (area === 'public') return;
    const ofSignedIn = { ...declaration, area };
    const check = (request: FastifyRequest, reply: FastifyReply) => enforce(ofSignedIn, request, reply);
    route.onRequest = [check, ...(route.onRequest === undefined ? [] : [route.onRequest].flat())];
  });
}

const REAUTHENTICATION_WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

/**
 * A sensitive route's last check (decision 049): the session gave its password or second factor within the
 * last ten minutes, else a 403 whose `code` makes the back office ask for it and try again.
 */
function requireRecentReauthentication(admin: SignedInAdmin, now: number): void {
  const at = admin.reauthenticatedAt ? Date.parse(admin.reauthenticatedAt) : Number.NaN;
  if (now - at < REAUTHENTICATION_WINDOW_MS) return;
  throw new HttpError(403, REAUTHENTICATION_MESSAGES.required, { code: 'REAUTH_REQUIRED' });
}
