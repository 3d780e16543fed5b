import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { zonedDateAndHour } from '../../lib/time-zone.ts';
import type { ChannelClickRepository } from './repository.ts';

/**
 * Whether a request to a counted link is a person's click: not a crawler or link previewer (isbot's list),
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

export interface ChannelClickCounter {
  /** Counts a click on the channel today (the business's day), without making anyone wait for it. */
  count(channelId: string): void;
  /** Resolves once every click counted so far is written (or has failed): on close, and for tests. */
  settled(): Promise<void>;
}

export function createChannelClickCounter({
  channelClicks,
  timeZone,
  clock,
  log,
}: {
  channelClicks: Pick<ChannelClickRepository, 'add'>;
  timeZone: () => Promise<string>;
  clock: () => number;
  log: FastifyBaseLogger;
}): ChannelClickCounter {
  const writing = new Set<Promise<void>>();
  return {
    count(channelId) {
      const at = clock();
      const write: Promise<void> = timeZone()
        .then((zone) => channelClicks.add(channelId, zonedDateAndHour(at, zone).date))
        // A lost count is the whole cost of a failure: the visitor was sent on already.
        .catch((error: unknown) => log.warn({ err: error }, 'a channel click could not be counted'))
        .finally(() => writing.delete(write));
      writing.add(write);
    },
    async settled() {
      while (writing.size > 0) await Promise.all(writing);
    },
  };
}
