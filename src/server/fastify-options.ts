import { maxHeaderSize } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { formatHostPattern } from './lib/host-patterns.ts';
import { earlyErrorOptions } from './plugins/early-errors.ts';
import { gracefulShutdownOptions } from './plugins/graceful-shutdown.ts';
import { requestLogOptions, serverLoggerOptions } from './plugins/request-log.ts';

/** TRUST_PROXY as Fastify takes it: off, on, a hop count, or the proxies' addresses. */
function trustProxy(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  // A hop count is passed on as a number; Fastify's type omits it though proxy-addr accepts it.
  if (/^\d+$/.test(value)) return Number(value) as unknown as string;
  return value.split(',').map((entry) => entry.trim());
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Zod's compilers as Fastify's factories of compilers, whose types name Ajv's (schemas of JSON Schema). */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** The Fastify server's options, from the config; `logger` replaces the server's own (tests). */
export function fastifyOptions(config: Config, logger: FastifyServerOptions['logger'] | undefined) {
  return {
    logger: logger ?? serverLoggerOptions(config.LOG_LEVEL),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxy(config.TRUST_PROXY),
    // A long path parameter (a mistyped or hostile id) gets the route's own 401 or 400, not the router's
    // 414: no parameter can be longer than the request line, which Node's header limit bounds.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: maxHeaderSize },
    ...earlyErrorOptions(config),
    ...gracefulShutdownOptions,
    ...requestLogOptions(),
    // Every schema is zod's: given zod's compilers from the start, Fastify never loads its default ones
    // (Ajv), which no route would use: about 1 MB of heap in every server (decision 071).
    schemaController: { compilersFactory: zodCompilers },
  } satisfies FastifyServerOptions;
}

/** In production without PUBLIC_ORIGIN only some hosts are served (decision 014): the log says which. */
export function warnWithoutPublicOrigin(config: Config, log: FastifyBaseLogger): void {
  if (config.NODE_ENV !== 'production' || config.PUBLIC_ORIGIN) return;
  const listed = config.ALLOWED_HOSTS.map(formatHostPattern).join(', ') || 'none';
  log.warn(
    `PUBLIC_ORIGIN is not set: only requests for localhost, 127.0.0.1, [::1] and the hosts in ALLOWED_HOSTS ` +
      `(${listed}) are answered, others get 400, and links in pages, the sitemap and the feed name the ` +
      'address each request was sent to. Set PUBLIC_ORIGIN to the address visitors use ' +
      '(e.g. https://support.example.in), or list the names the site is reached by in ALLOWED_HOSTS.',
  );
}
