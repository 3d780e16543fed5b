import type { LightMyRequestResponse } from 'fastify';

/** How many responses had each status, e.g. `{401: 5, 429: 35}`: for tests that fire requests in parallel. */
export function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}
