import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { MINUTE_MS } from '../../../shared/time.ts';
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

/**
 * Clicks are gathered by channel and minute: no time zone's midnight falls inside a minute (offsets are
 * whole quarters of an hour), so each minute's clicks belong to one business day, known when they are written.
 *
 * Clicks are added up in memory and written by one writer, a statement per channel and day for everything
 * gathered while the previous statements ran. However many clicks arrive at once (a flood of requests to a
 * counted link), the database sees one write at a time and memory holds a number per channel and minute,
 * never a write waiting per click.
 */
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
  /** Clicks not written yet, by channel id and minute (since the epoch). */
  let gathered = new Map<string, Map<number, number>>();
  let writing: Promise<void> | undefined;

  const writeGathered = async () => {
    while (gathered.size > 0) {
      const batch = gathered;
      gathered = new Map();
      try {
        const zone = await timeZone();
        for (const [channelId, minutes] of batch) {
          const byDay = new Map<string, number>();
          for (const [minute, clicks] of minutes) {
            const day = zonedDateAndHour(minute * MINUTE_MS, zone).date;
            byDay.set(day, (byDay.get(day) ?? 0) + clicks);
          }
          for (const [day, clicks] of byDay) await channelClicks.add(channelId, day, clicks);
        }
      } catch (error) {
        // A lost count is the whole cost of a failure: the visitors were sent on already.
        log.warn({ err: error }, 'channel clicks could not be counted');
      }
    }
    // In the same step as finding nothing gathered: a click counted after this starts the next writer.
    writing = undefined;
  };

  return {
    count(channelId) {
      const minute = Math.floor(clock() / MINUTE_MS);
      const minutes = gathered.get(channelId) ?? new Map<number, number>();
      minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
      gathered.set(channelId, minutes);
      writing ??= writeGathered();
    },
    async settled() {
      while (writing) await writing;
    },
  };
}
