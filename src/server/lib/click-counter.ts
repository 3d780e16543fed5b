import type { FastifyBaseLogger } from 'fastify';
import { MINUTE_MS } from '../../shared/time.ts';
import { zonedDateAndHour } from './time-zone.ts';

export interface ClickCounter {
  /** Counts a click on `key` today (the business's day), without making anyone wait for it. */
  count(key: string): void;
  /** Resolves once every click counted so far is written (or has failed): on close, and for tests. */
  settled(): Promise<void>;
}

/**
 * Counts of clicks per key and day, for the counted links (a contact channel's, decision 035; a member on
 * duty's, decision 076).
 *
 * Clicks are gathered by key and minute: no time zone's midnight falls inside a minute (offsets are
 * whole quarters of an hour), so each minute's clicks belong to one business day, known when they are written.
 *
 * Clicks are added up in memory and written by one writer, a statement per key and day for everything
 * gathered while the previous statements ran. However many clicks arrive at once (a flood of requests to a
 * counted link), the database sees one write at a time and memory holds a number per key and minute,
 * never a write waiting per click.
 */
export function createClickCounter({
  clicks: store,
  timeZone,
  clock,
  log,
}: {
  /** Adds a key's clicks on a day (one statement, no read first). */
  clicks: { add(key: string, day: string, clicks: number): Promise<void> };
  timeZone: () => Promise<string>;
  clock: () => number;
  log: FastifyBaseLogger;
}): ClickCounter {
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
          for (const [day, clicks] of byDay) await store.add(channelId, day, clicks);
        }
      } catch (error) {
        // A lost count is the whole cost of a failure: the visitors were sent on already.
        log.warn({ err: error }, 'clicks could not be counted');
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
