import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { waitedMinutes } from '../../../shared/rules/first-responses.ts';
import { HOUR_MS } from '../../../shared/time.ts';
import type { ContactInquiryRepository } from './repository.ts';

/** The statuses of an inquiry still waiting for the team. */
const WAITING = new Set<Inquiry['status']>(['new', 'in-progress']);

/**
 * Which of these inquiries are overdue (decision 080): new or in progress, no reply link opened yet, and
 * waiting longer than the owner's number of business hours (clock hours while the hours are text).
 */
interface OverdueDeps {
  contactInquiries: Pick<ContactInquiryRepository, 'respondedAmong' | 'waitingUnansweredBefore'>;
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  overdueAfterHours: () => Promise<number>;
  clock: () => number;
}

export function overdueInquiries({ contactInquiries, settings, overdueAfterHours, clock }: OverdueDeps) {
  return async (inquiries: readonly Inquiry[]): Promise<string[]> => {
    const waiting = inquiries.filter((inquiry) => WAITING.has(inquiry.status));
    if (waiting.length === 0) return [];
    const [{ openingHours, timeZone }, hours, responded] = await Promise.all([
      settings(),
      overdueAfterHours(),
      contactInquiries.respondedAmong(waiting.map((inquiry) => inquiry._id)),
    ]);
    const now = clock();
    const limit = hours * 60;
    return waiting
      .filter(
        (inquiry) =>
          !responded.has(inquiry._id) &&
          waitedMinutes(openingHours, timeZone, Date.parse(inquiry.createdAt), now, limit) >= limit,
      )
      .map((inquiry) => inquiry._id);
  };
}

/**
 * Every overdue inquiry for the daily digest (decision 080), newest first: at most `limit` listed, with how
 * many there are among the newest waiting ones, and the hours they are overdue after.
 */
export function overdueForDigest(deps: OverdueDeps) {
  const among = overdueInquiries(deps);
  return async (limit: number): Promise<{ inquiries: Inquiry[]; total: number; afterHours: number }> => {
    const hours = await deps.overdueAfterHours();
    // Business hours are never more than clock hours: nothing younger can be overdue.
    const before = new Date(deps.clock() - hours * HOUR_MS).toISOString();
    const waiting = await deps.contactInquiries.waitingUnansweredBefore(before);
    const overdue = new Set(await among(waiting));
    const inquiries = waiting.filter((inquiry) => overdue.has(inquiry._id));
    return { inquiries: inquiries.slice(0, limit), total: inquiries.length, afterHours: hours };
  };
}
