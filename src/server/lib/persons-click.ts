import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';

/**
 * Whether a request to a counted link (or a page counted for a poster, decision 077) is a person's: not a crawler or link previewer (isbot's list),
 * not a request without a User-Agent (every browser sends one), not a HEAD (a link checker), not a prefetch
 * (`Sec-Purpose: prefetch` from Chromium's speculation rules, `Purpose: prefetch` or `X-Moz: prefetch`).
 */
export function isPersonsClick(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const userAgent = request.headers['user-agent'];
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = [request.headers['sec-purpose'], request.headers.purpose, request.headers['x-moz']]
    .flat()
    .join(' ');
  return !/prefetch|prerender|preview/i.test(purpose);
}
