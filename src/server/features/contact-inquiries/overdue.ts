import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { waitedMinutes } from '../../../shared/rules/first-responses.ts';
import type { ContactInquiryRepository } from './repository.ts';

/** The statuses of an inquiry still waiting for the team. */
const WAITING = new Set<Inquiry['status']>(['new', 'in-progress']);

/**
 * Which of these inquiries are overdue (decision 080): new or in progress, no reply link opened yet, and
 * waiting longer than the owner's number of business hours (clock hours while the hours are text).
 */
export function overdueInquiries({
  contactInquiries,
  settings,
  overdueAfterHours,
  clock,
}: {
  contactInquiries: Pick<ContactInquiryRepository, 'respondedAmong'>;
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  overdueAfterHours: () => Promise<number>;
  clock: () => number;
}) {
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
