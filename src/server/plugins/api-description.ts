import swagger, { type SwaggerTransform } from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Area, ROLE_LABELS, type Role, rolesThatCanUse } from '../../shared/rules/roles.ts';
import type { Config } from '../config.ts';
import { siteOrigin } from '../lib/site-origin.ts';
import { access, declareAccessOfPluginRoutes, type RouteAccess } from './access.ts';
import type { AuditDeclaration } from './audit.ts';

export const API_DOCUMENT_PATH = '/api/openapi.json';
/** The interactive reference (Scalar), for administrators: the page and its script under this path. */
export const API_REFERENCE_PATH = '/api/docs';

/** The document and the reference's page and script: not operations of the API they describe. */
export const isApiDescriptionRoute = (path: string) =>
  path === API_DOCUMENT_PATH ||
  path === API_REFERENCE_PATH ||
  // Its files, served by Scalar behind a wildcard route (`/api/docs/*`, which Fastify prints as `/api/docs*`).
  path.startsWith(`${API_REFERENCE_PATH}/`) ||
  path === `${API_REFERENCE_PATH}*`;

/** What an operation that needs a signed-in user accepts: the session cookie, or an API token. */
const SIGNED_IN_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];
/** An operation no token may call (one's own account, the sensitive ones) takes the session alone. */
const SESSION_ONLY_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }];

/** The `x-access` extension of an operation: its access declaration (access.ts), with the roles spelled out. */
export interface AccessExtension {
  area: RouteAccess['area'];
  roles: Role[];
  tokens: RouteAccess['tokens'];
  sensitive: boolean;
}

export const accessExtension = ({ area, tokens, sensitive }: RouteAccess): AccessExtension => ({
  area,
  roles: area === 'public' ? [] : rolesThatCanUse(area),
  tokens,
  sensitive,
});

/** The `x-audit` extension of an operation: what its success writes to the audit log (plugins/audit.ts). */
export interface AuditExtension {
  action: AuditDeclaration['action'];
  target?: string;
}

const auditExtension = ({ action, target }: AuditDeclaration): AuditExtension => ({
  action,
  ...(target ? { target } : {}),
});

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

/** Who may call an operation, for its description: how, and the roles that may. */
function accessSentence({ area, tokens, sensitive }: RouteAccess & { area: Area }): string {
  const who =
    tokens.length > 0
      ? 'Needs a signed-in user or an API token (a read-only one for GET only)'
      : sensitive
        ? 'Needs a signed-in user; sensitive, so API tokens cannot call it'
        : 'Needs a signed-in user (API tokens cannot call it)';
  return `${who}; roles: ${rolesThatCanUse(area)
    .map((role) => ROLE_LABELS[role])
    .join(', ')}.`;
}

export interface ApiDescriptionOptions {
  /** The session cookie's name (`sampark_session`, `__Host-sampark_session` over HTTPS). */
  sessionCookieName: string;
}

/**
 * The OpenAPI document of every route (@fastify/swagger, schemas from zod). Each operation gets an
 * operationId, and its security requirement, a sentence saying who may call it and an `x-access` extension,
 * all from the route's access declaration (`config.access`, decision 048), and an `x-audit` extension naming
 * the audit action its success records (`config.audit`). Registered before any route, so
 * that it sees them all.
 */
export async function registerApiDescription(
  app: FastifyInstance,
  { sessionCookieName }: ApiDescriptionOptions,
): Promise<void> {
  const transform: SwaggerTransform = (input) => {
    const { schema, url } = jsonSchemaTransform(input);
    if (!schema || schema.hide) return { schema, url };
    const described: FastifySchema = schema;
    const method = [input.route.method].flat()[0] ?? 'GET';
    const declaration = input.route.config?.access;
    const audited = input.route.config?.audit;
    // The auth plugin refuses to start with a route that declares none: this is for a document built alone.
    if (!declaration) throw new Error(`${method} ${url} declares no access`);
    const { area } = declaration;
    // A public operation says so with an empty list: no requirement, anyone may call it.
    const security =
      area === 'public' ? [] : declaration.tokens.length > 0 ? SIGNED_IN_SECURITY : SESSION_ONLY_SECURITY;
    const description = [
      described.description,
      area === 'public' ? undefined : accessSentence({ ...declaration, area }),
    ]
      .filter(Boolean)
      .join('\n\n');
    return {
      schema: {
        ...described,
        operationId: described.operationId ?? operationIdOf(method, url),
        security,
        'x-access': accessExtension(declaration),
        ...(audited ? { 'x-audit': auditExtension(audited) } : {}),
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

/**
 * Scalar's plugin, registered on an app of its own that the reference's routes forward to: its module holds its
 * script, 5 MB of text (10 MB in memory), from the moment it is imported, so it is imported with the first visit
 * to the reference rather than at start, where few servers would ever need it (decision 064).
 */
function scalarReference(): () => Promise<FastifyInstance> {
  let reference: Promise<FastifyInstance> | undefined;
  const build = async () => {
    const { default: apiReference } = await import('@scalar/fastify-api-reference');
    // As the app's router: /api/docs and /api/docs/ are one route, which redirects to the page.
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await app.register(apiReference, {
      routePrefix: API_REFERENCE_PATH,
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
    await app.ready();
    return app;
  };
  return () => {
    reference ??= build().catch((error: unknown) => {
      reference = undefined;
      throw error;
    });
    return reference;
  };
}

/** A stand-in the reference page's scripts carry, replaced by each response's own CSP nonce. */
const NONCE_PLACEHOLDER = 'sampark-csp-nonce-placeholder';

/**
 * GET /api/openapi.json (with `servers`: PUBLIC_ORIGIN, else the origin the request was sent to) and the
 * interactive reference at /api/docs, served from node_modules. The reference's page carries the site's
 * page policy (script-src 'self' with this response's nonce), like every page.
 */
export async function registerApiReference(app: FastifyInstance, config: Config): Promise<void> {
  app.get(
    API_DOCUMENT_PATH,
    { schema: { hide: true }, config: { access: access.public } },
    async (request) => ({
      ...app.swagger(),
      servers: [{ url: siteOrigin(config, request) }],
    }),
  );

  await app.register(async (scope) => {
    // Administrators signed in, never a token: 401 without a session, 403 for agents, editors and tokens.
    declareAccessOfPluginRoutes(scope, access.session('administration'));
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
    const reference = scalarReference();
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await (await reference()).inject({
        method: 'GET',
        url: request.url,
        headers: { host: request.headers.host ?? 'localhost' },
      });
      if (answer.statusCode === 404) return reply.callNotFound();
      const type = String(answer.headers['content-type'] ?? '');
      reply.status(answer.statusCode).type(type);
      if (answer.headers.location !== undefined) reply.header('location', answer.headers.location);
      // The page as text, for the nonce above; the script (5 MB) as the bytes it is.
      return reply.send(type.startsWith('text/html') ? answer.body : answer.rawPayload);
    };
    const options = { schema: { hide: true }, logLevel: 'warn' as const };
    scope.get(API_REFERENCE_PATH, options, forward);
    scope.get(`${API_REFERENCE_PATH}/*`, options, forward);
  });
}
