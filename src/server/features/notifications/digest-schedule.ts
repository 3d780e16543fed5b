import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/values.ts';
import { zonedDateAndHour } from '../../lib/time-zone.ts';
import type { NotificationPreferenceRepository } from './notification-preferences.ts';
import type { Outbox } from './outbox.ts';

const MINUTE_MS = 60_000;

export interface DigestSchedule {
  /** Takes every digest due now for sending (an outbox entry each); resolves with how many it took. */
  run(): Promise<number>;
  /** Runs now, then at the start of every minute, until stop(). */
  start(): Promise<void>;
  stop(): void;
}

/**
 * The daily digests: each minute, the users whose chosen hour it is in the business's time zone and whose
 * digest of today (the business's date) is not yet taken get one, written to the outbox. Every instance
 * runs this; the claim in the database lets only one of them take each user's digest (claimDigest). A
 * server down for the whole of a user's hour skips that day's digest; the next day's lists what is still unread.
 */
export function createDigestSchedule({
  preferences,
  outbox,
  timeZone,
  clock,
  log,
}: {
  preferences: Pick<NotificationPreferenceRepository, 'digestsDue' | 'claimDigest'>;
  outbox: Pick<Outbox, 'nudge'>;
  timeZone: () => Promise<string>;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): DigestSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const run = async () => {
    const { date, hour } = zonedDateAndHour(clock(), await timeZone());
    let taken = 0;
    for (const adminId of await preferences.digestsDue(date, hour)) {
      if (await preferences.claimDigest(adminId, date, hour, nowIso(clock))) taken += 1;
    }
    if (taken > 0) outbox.nudge();
    return taken;
  };

  const tick = async () => {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error }, 'daily digests could not be checked; trying again in a minute');
    }
    if (!running) return;
    // The next check at the start of the next minute, so an hour's digests go within its first minute.
    timer = setTimeout(() => void tick(), MINUTE_MS - (clock() % MINUTE_MS) + 1_000);
    timer.unref();
  };

  return {
    run,
    async start() {
      if (running) return;
      running = true;
      await tick();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
