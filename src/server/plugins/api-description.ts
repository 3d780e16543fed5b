import swagger, { type SwaggerTransform } from '@fastify/swagger';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Area, canUse, ROLE_LABELS, ROLES } from '../../shared/rules/roles.ts';
import type { Config } from '../config.ts';
import { siteOrigin } from './site-origin.ts';

export const API_DOCUMENT_PATH = '/api/openapi.json';
/** The interactive reference (Scalar), for administrators: the page and its script under this path. */
export const API_REFERENCE_PATH = '/api/docs';

/** The document and the reference's page and script: not operations of the API they describe. */
export const isApiDescriptionRoute = (path: string) =>
  path === API_DOCUMENT_PATH || path === API_REFERENCE_PATH || path.startsWith(`${API_REFERENCE_PATH}/`);

// A Record, so that a new area fails to compile until it is listed here.
const AREAS: Record<Area, true> = {
  account: true,
  dashboard: true,
  inbox: true,
  blog: true,
  administration: true,
};

/** What an operation that needs a signed-in user accepts: the session cookie, or an API token. */
const SIGNED_IN_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];
/** One's own account (area `account` only) takes the session alone: a token never reaches it. */
const SESSION_ONLY_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }];

/** Whether an API token may call an operation behind `areas`: any area but `account` (see auth.ts). */
const tokensReach = (areas: Area[]) => areas.some((area) => area !== 'account');

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const singular = (word: string) =>
  word.endsWith('ies') ? `${word.slice(0, -3)}y` : /[^su]s$/.test(word) ? word.slice(0, -1) : word;
const isParameter = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

/**
 * A readable, stable operationId from the method and the path, for a route that declares none
 * (`schema.operationId` wins): `GET /api/contact-inquiries` is `listContactInquiries`, `GET
 * /api/contact-inquiries/{id}` `getContactInquiry`, `PATCH /api/contact-inquiries/{id}/status`
 * `updateContactInquiryStatus`. The `admin` that opens back-office paths is left out; a word before a
 * parameter names one thing, so it is singular.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean).slice(1);
  const words: string[] = [];
  segments.forEach((segment, index) => {
    if (isParameter(segment) || (index === 0 && segment === 'admin')) return;
    const parts = segment.split(/[-._]/).filter(Boolean);
    const next = segments[index + 1];
    if (next !== undefined && isParameter(next)) parts.push(singular(parts.pop() ?? ''));
    words.push(...parts);
  });
  const last = segments.at(-1) ?? '';
  const lastWord = words.at(-1) ?? '';
  // A path that ends in a plural word names a collection: GET lists it, POST adds one to it.
  const collection = !isParameter(last) && /[^su]s$/.test(lastWord);
  const verbs: Record<string, string> = {
    GET: collection ? 'list' : 'get',
    POST: collection ? 'create' : 'post',
    PUT: 'replace',
    PATCH: 'update',
    DELETE: 'delete',
  };
  if (method === 'POST' && collection) words.push(singular(words.pop() ?? ''));
  return `${verbs[method] ?? method.toLowerCase()}${words.map(capitalized).join('')}`;
}

/**
 * The onRequest hooks a route runs: its plugins' (added with addHook, kept by Fastify under a symbol it
 * does not export) and its own. Read when the document is built, so hooks added after a route count too.
 */
function onRequestHooksOf(route: RouteOptions, instance: FastifyInstance | undefined): unknown[] {
  const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
  if (!instance) return own;
  const hooksKey = Object.getOwnPropertySymbols(instance).find((key) => key.description === 'fastify.hooks');
  if (!hooksKey)
    throw new Error("Fastify's hooks of a plugin could not be found: the API description needs them");
  const pluginHooks = (instance as unknown as Record<symbol, { onRequest: unknown[] }>)[hooksKey]?.onRequest;
  return [...(pluginHooks ?? []), ...own];
}

/** Who may call an operation, for its description: the roles that may use every area it requires. */
function rolesSentence(areas: Area[]): string {
  const roles = ROLES.filter((role) => areas.every((area) => canUse(role, area)));
  const who = tokensReach(areas)
    ? 'Needs a signed-in user or an API token (a read-only one for GET only)'
    : 'Needs a signed-in user (API tokens cannot call it)';
  return `${who}; roles: ${roles.map((role) => ROLE_LABELS[role]).join(', ')}.`;
}

export interface ApiDescriptionOptions {
  /** The session cookie's name (`sampark_session`, `__Host-sampark_session` over HTTPS). */
  sessionCookieName: string;
}

/**
 * The OpenAPI document of every route (@fastify/swagger, schemas from zod). Each operation gets an
 * operationId, and those behind `app.requireAccess(...)` — found in the route's hooks, whether the route
 * or its plugin added it — the session cookie and bearer token as their security requirement. Registered
 * before any route, so that it sees them all.
 */
export async function registerApiDescription(
  app: FastifyInstance,
  { sessionCookieName }: ApiDescriptionOptions,
): Promise<void> {
  const instanceOfRoute = new WeakMap<RouteOptions, FastifyInstance>();
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    instanceOfRoute.set(route, this);
  });

  const accessAreasOf = (route: RouteOptions): Area[] => {
    const hooks = onRequestHooksOf(route, instanceOfRoute.get(route));
    // requireAccess hands out one hook per area: the same function wherever it is used.
    return (Object.keys(AREAS) as Area[]).filter((area) => hooks.includes(app.requireAccess(area)));
  };

  const transform: SwaggerTransform = (input) => {
    const { schema, url } = jsonSchemaTransform(input);
    if (!schema || schema.hide) return { schema, url };
    const described: FastifySchema = schema;
    const method = [input.route.method].flat()[0] ?? 'GET';
    const areas = accessAreasOf(input.route);
    // A public operation says so with an empty list: no requirement, anyone may call it.
    const security =
      described.security ??
      (areas.length === 0 ? [] : tokensReach(areas) ? SIGNED_IN_SECURITY : SESSION_ONLY_SECURITY);
    const description = [described.description, areas.length > 0 ? rolesSentence(areas) : undefined]
      .filter(Boolean)
      .join('\n\n');
    return {
      schema: {
        ...described,
        operationId: described.operationId ?? operationIdOf(method, url),
        security,
        ...(description ? { description } : {}),
      },
      url,
    };
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sampark API',
        version: '1.0.0',
        description:
          'Contact directory, inquiries, blog and back office. Back-office operations take the session ' +
          'cookie of a signed-in user, or an API token (My Profile) as `Authorization: Bearer smpk_…`.',
      },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName,
            description: 'The session of a user signed in to the back office (set by POST /api/admin/login).',
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token from My Profile, sent as `Authorization: Bearer smpk_…`: it acts with its own role ' +
              '(no higher than its owner’s), read-only tokens for GET only, and never on one’s own account.',
          },
        },
      },
    },
    transform,
  });
}

export interface ApiReferenceOptions {
  /** Who may read the interactive reference: administrators (`app.requireAccess('administration')`). */
  access: onRequestHookHandler;
}

/** A stand-in the reference page's scripts carry, replaced by each response's own CSP nonce. */
const NONCE_PLACEHOLDER = 'sampark-csp-nonce-placeholder';

/**
 * GET /api/openapi.json (with `servers`: PUBLIC_ORIGIN, else the origin the request was sent to) and the
 * interactive reference at /api/docs, served from node_modules. The reference's page carries the site's
 * page policy (script-src 'self' with this response's nonce), like every page.
 */
export async function registerApiReference(
  app: FastifyInstance,
  config: Config,
  { access }: ApiReferenceOptions,
): Promise<void> {
  app.get(API_DOCUMENT_PATH, { schema: { hide: true } }, async (request) => ({
    ...app.swagger(),
    servers: [{ url: siteOrigin(config, request) }],
  }));

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload !== 'string' || !payload.includes(NONCE_PLACEHOLDER)) return payload;
      // The zod inside Scalar's script tries `Function('')` to see whether it may compile validators, which
      // the policy refuses (and reports); told it is jitless, it does not try.
      const page = payload.replace(
        '<head>',
        `<head>\n    <script nonce="${NONCE_PLACEHOLDER}">globalThis.__zod_globalConfig = { jitless: true };</script>`,
      );
      // Reading the nonce gives the answer the pages' policy, with this nonce, in place of the API's.
      return page.replaceAll(NONCE_PLACEHOLDER, reply.cspNonce.script);
    });
    await scope.register(apiReference, {
      routePrefix: API_REFERENCE_PATH,
      hooks: { onRequest: access },
      logLevel: 'warn',
      configuration: {
        url: API_DOCUMENT_PATH,
        pageTitle: 'Sampark API reference',
        nonce: NONCE_PLACEHOLDER,
        // Nothing loaded from or sent elsewhere: no web fonts (font-src 'self'), no telemetry, no AI agent
        // (it would send the description to Scalar), no developer toolbar (it offers Scalar's services).
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        showDeveloperTools: 'never',
      },
    });
  });
}
