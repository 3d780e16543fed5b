import type { FastifyRequest } from 'fastify';

/**
 * The token of an `Authorization: Bearer …` header; undefined without one (another scheme is ignored, so the
 * session cookie decides). An empty or malformed bearer value is '' and is refused like an unknown token.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header);
  if (!match) return /^Bearer\b/i.test(header) ? '' : undefined;
  return match[1] ?? '';
}
