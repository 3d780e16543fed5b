import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { openStatus } from '../../../shared/rules/opening-hours.ts';
import { REPLY_TIME_WINDOW_DAYS, typicalReplyMinutes } from '../../../shared/rules/reply-time.ts';
import { DAY_MS, HOUR_MS } from '../../../shared/time.ts';
import type { ContactInquiryRepository } from './repository.ts';

/**
 * How soon the team typically answers an inquiry that comes while the business is open, in minutes, for the
 * contact page (decision 075): the median over the last 30 days, worked out at most once an hour by each
 * instance, and null without enough answered inquiries or without opening hours as data (which tell when
 * the business was open).
 */
export function typicalReplyTime({
  contactInquiries,
  settings,
  clock,
}: {
  contactInquiries: Pick<ContactInquiryRepository, 'firstResponses'>;
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  clock: () => number;
}): () => Promise<number | null> {
  let latest: { at: number; minutes: Promise<number | null> } | undefined;
  const work = async (now: number) => {
    const { openingHours, timeZone } = await settings();
    if (!openingHours) return null;
    const since = new Date(now - REPLY_TIME_WINDOW_DAYS * DAY_MS).toISOString();
    const responses = await contactInquiries.firstResponses(since);
    return typicalReplyMinutes(
      responses,
      (moment) => openStatus(openingHours, timeZone, new Date(moment)).open,
    );
  };
  return () => {
    const now = clock();
    if (!latest || now - latest.at >= HOUR_MS) {
      const attempt = { at: now, minutes: work(now) };
      latest = attempt;
      // A failed reading is tried again by the next page, not kept for the hour.
      attempt.minutes.catch(() => {
        if (latest === attempt) latest = undefined;
      });
    }
    return latest.minutes;
  };
}
