import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin of canonical, Open Graph and sitemap URLs: PUBLIC_ORIGIN, else what the request was sent to. */
export function siteOrigin(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
  // The Host header is the client's to choose; anything odd gets a neutral origin rather than a strange URL.
  // The pattern lets through what no URL can hold (port 99999, 999.999.999.999, [:]): the page renderer
  // parses the origin, and threw on those.
  const origin = `${request.protocol}://${request.host}`;
  return HOST_PATTERN.test(request.host) && URL.canParse(origin) ? origin : `${request.protocol}://localhost`;
}
