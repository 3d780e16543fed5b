import type { FastifyBaseLogger } from 'fastify';
import { MINUTE_MS } from '../../../shared/time.ts';
import { nowIso } from '../../db/values.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import { zonedDateAndHour } from '../../lib/time-zone.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { NotificationPreferenceRepository } from './notification-preferences.ts';

/**
 * The daily digests: each minute, the users whose chosen hour it is in the business's time zone and whose
 * digest of today (the business's date) is not yet taken get one, written to the outbox; a run resolves with
 * how many it took. Every instance runs this; the claim in the database lets only one of them take each
 * user's digest (claimDigest). A server down for the whole of a user's hour skips that day's digest; the
 * next day's lists what is still unread.
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
}): PeriodicJob<number> {
  return createPeriodicJob({
    name: 'daily digests',
    run: async () => {
      const { date, hour } = zonedDateAndHour(clock(), await timeZone());
      let taken = 0;
      for (const adminId of await preferences.digestsDue(date, hour)) {
        if (await preferences.claimDigest(adminId, date, hour, nowIso(clock))) taken += 1;
      }
      if (taken > 0) outbox.nudge();
      return taken;
    },
    // The next check at the start of the next minute, so an hour's digests go within its first minute.
    nextDelayMs: (now) => MINUTE_MS - (now % MINUTE_MS) + 1_000,
    clock,
    log,
  });
}
