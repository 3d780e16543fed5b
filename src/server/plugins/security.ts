import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: isHttps(config) ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense when the site is really served over HTTPS.
    strictTransportSecurity: isHttps(config) ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request) => {
    const problem = crossSiteProblem(config, request);
    if (problem) throw new HttpError(403, problem);
  });
}
