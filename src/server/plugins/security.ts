import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isHttps(config: Config): boolean {
  return config.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
}

function expectedOrigin(config: Config, request: FastifyRequest): string {
  return config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
}

/**
 * CSRF: a state-changing request must show it comes from this site. Browsers send Origin on every
 * cross-origin and same-origin POST/PATCH/DELETE from fetch; Sec-Fetch-Site is the fallback. A request
 * carrying a cookie but neither header cannot be trusted.
 */
export function crossSiteProblem(config: Config, request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return origin === expectedOrigin(config, request) ? null : 'Cross-site request refused';
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

const NONCE = Symbol('cspNonce');

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const pagePolicy = contentSecurityPolicy(config);
  // JSON is never rendered as a document: its policy forbids everything, in few bytes.
  const apiPolicy = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
  // reply.cspNonce (typed by @fastify/helmet): reading it makes a nonce and puts it in this response's CSP.
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

  await app.register(helmet, {
    // The CSP is set below: helmet's nonce mode rebuilds its whole middleware on every request, which cost
    // more than half of the public API's throughput. A static policy serves every response but pages.
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

  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('content-security-policy', request.url.startsWith('/api/') ? apiPolicy : pagePolicy);
    const problem = crossSiteProblem(config, request);
    done(problem ? new HttpError(403, problem) : undefined);
  });
}
