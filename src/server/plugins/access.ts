import type { FastifyInstance } from 'fastify';
import { API_TOKEN_ACCESS, type ApiTokenAccess } from '../../shared/rules/api-tokens.ts';
import type { Area } from '../../shared/rules/roles.ts';

/**
 * Who may call a route, declared once beside its schema as `config: { access: access.scripted('inbox') }`
 * (decision 048). The auth plugin enforces it (auth.ts), the API description shows it (`x-access`), and the
 * role matrix test reads it: none of them keeps a copy.
 */
export interface RouteAccess {
  /** Whose session may call it: the roles that may use this area (src/shared/rules/roles.ts), or anyone. */
  readonly area: Area | 'public';
  /** The API tokens that may call it: none, or both kinds (a read-only one on GET and HEAD only). */
  readonly tokens: readonly ApiTokenAccess[];
  /**
   * It changes who may sign in or what they may do, or hands out every secret (a backup): a session only,
   * never a token.
   */
  readonly sensitive: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it (a route without one is refused at start). */
    access?: RouteAccess;
  }
}

const PUBLIC: RouteAccess = { area: 'public', tokens: [], sensitive: false };

export const access = {
  /** Anyone, with or without a session; a token is ignored. */
  public: PUBLIC,
  /** A signed-in session whose role may use `area`; never a token (one's own account, the team list). */
  session: (area: Area): RouteAccess => ({ area, tokens: [], sensitive: false }),
  /** A session or an API token whose role may use `area`: what scripts call. */
  scripted: (area: Area): RouteAccess => ({ area, tokens: API_TOKEN_ACCESS, sensitive: false }),
  /** A session only, and a sensitive operation: the team, sign-in settings, tokens, webhooks, backups. */
  sensitive: (area: Area): RouteAccess => ({ area, tokens: [], sensitive: true }),
} as const;

/** `GET /api/contact-inquiries/{id}`: a route's method and path as the API description writes them. */
export const operationKey = (method: string, url: string) =>
  `${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

const FOREIGN_ROUTES_ACCESS = Symbol('access of the routes of a plugin that cannot declare it');

/**
 * The access of every route a third-party plugin registers in `scope` (Scalar's reference page,
 * @fastify/static's assets): their routes cannot carry our `config`. Not for the app's own routes, which
 * declare theirs one by one.
 */
export function declareAccessOfPluginRoutes(scope: FastifyInstance, declaration: RouteAccess): void {
  scope.decorate(FOREIGN_ROUTES_ACCESS, declaration);
}

/** The access a route declares, or the one its third-party plugin's scope was given. */
export function accessOf(
  instance: FastifyInstance,
  config: { access?: RouteAccess } | undefined,
): RouteAccess | undefined {
  return (
    config?.access ?? (instance as unknown as Record<symbol, RouteAccess | undefined>)[FOREIGN_ROUTES_ACCESS]
  );
}
