import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import { HttpError } from '../lib/http-errors.ts';
import { servedHosts, siteOrigin, unservedHostProblem } from '../lib/site-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isHttps(config: Pick<Config, 'PUBLIC_ORIGIN'>): boolean {
  return config.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
}

/**
 * CSRF: a state-changing request must show it comes from this site. Browsers send Origin on every
 * cross-origin and same-origin POST/PATCH/DELETE from fetch; Sec-Fetch-Site is the fallback. A request
 * carrying a cookie but neither header cannot be trusted.
 */
function crossSiteProblem(config: Config, request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  // An API token is sent by the caller's own code, never added by a browser the way a cookie is: a request
  // with a token and no cookie cannot be forged from another site.
  if (!request.headers.cookie && bearerToken(request) !== undefined) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return origin === siteOrigin(config, request) ? null : 'Cross-site request refused';
  }
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none' ? null : 'Cross-site request refused';
  }
  return request.headers.cookie
    ? 'Cross-site request refused: the request does not say where it comes from'
    : null;
}

function contentSecurityPolicy(config: Config, scriptNonce?: string): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(scriptNonce ? [`'nonce-${scriptNonce}'`] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(isHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

declare module 'fastify' {
  interface FastifyReply {
    /** A fresh nonce for this response's inline scripts; reading it puts the nonce in the CSP header. */
    readonly cspNonce: { script: string; style: string };
  }
}

const NONCE = Symbol('cspNonce');

// JSON is never rendered as a document: its policy forbids everything, in few bytes.
const API_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface SecurityHeaders {
  /** For JSON answers, including those written before routing or straight to the socket. */
  api: Readonly<Record<string, string>>;
  /** For pages; a page with inline scripts replaces the CSP with one carrying its nonce. */
  page: Readonly<Record<string, string>>;
}

/**
 * Every security header of a response, by kind. One source for the request hooks and for the answers
 * written before them (a bad URL, a malformed request): those get exactly the same headers.
 */
export function securityHeaders(config: Config): SecurityHeaders {
  const middleware = helmet({
    // Set below: the policy depends on the kind of response, and pages need a nonce.
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense when the site is really served over HTTPS.
    strictTransportSecurity: isHttps(config) ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Headers for browsers long gone (IE's download dialog, Flash, the XSS auditor) or now the default:
    // each one is bytes on every response for no protection today.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  });
  // With CSP off, helmet's headers depend on nothing in the request: run it once and keep what it sets.
  const helmetHeaders: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      helmetHeaders[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete helmetHeaders[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return {
    api: { ...helmetHeaders, 'content-security-policy': API_POLICY },
    page: { ...helmetHeaders, 'content-security-policy': contentSecurityPolicy(config) },
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);

  app.decorateReply('cspNonce', {
    getter(this: FastifyReply & { [NONCE]?: { script: string; style: string } }) {
      if (!this[NONCE]) {
        const nonce = randomBytes(16).toString('base64');
        this[NONCE] = { script: nonce, style: nonce };
        this.header('content-security-policy', contentSecurityPolicy(config, nonce));
      }
      return this[NONCE];
    },
  });

  const hosts = servedHosts(config);
  // Nearly every request names the host the last one did: a Host found served is not parsed again for the
  // next request carrying it (decision 065).
  let lastServedHost: string | undefined;
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? headers.api : headers.page);
    // Before anything reads the Host (routes, the CSRF check below): an unserved one gets no further.
    const host = request.host;
    if (host !== lastServedHost) {
      const hostProblem = unservedHostProblem(hosts, request);
      if (hostProblem) {
        request.log.info({ host: host.slice(0, 200) }, 'refused a request for a host not served');
        return done(new HttpError(400, hostProblem));
      }
      lastServedHost = host;
    }
    const problem = crossSiteProblem(config, request);
    done(problem ? new HttpError(403, problem) : undefined);
  });
}
