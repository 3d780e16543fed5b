import { INQUIRY_HISTORY_LIMIT } from '../../../shared/rules/contact-inquiries.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { inquiryEventText } from './inquiry-history-text.ts';
import { InquiryPart, InquiryPartList } from './inquiry-part.tsx';
import { useInquiryHistory } from './team-api.ts';

/** What happened to the inquiry, newest first: who did what, and when (in the business's time zone). */
export function InquiryHistory({ inquiryId }: { inquiryId: string }) {
  const history = useInquiryHistory(inquiryId);
  return (
    <InquiryPart title="History">
      <InquiryPartList
        query={history}
        noun="history"
        empty="Nothing recorded yet."
        footer={(events) =>
          events.length >= INQUIRY_HISTORY_LIMIT && (
            <p className="text-xs text-slate-600">The latest {INQUIRY_HISTORY_LIMIT} entries are shown.</p>
          )
        }
      >
        {(event) => (
          <li
            key={event._id}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
          >
            <p className="min-w-0 break-words text-slate-800">
              <span className="font-medium text-slate-900">{event.actor.name}</span> {inquiryEventText(event)}
            </p>
            <DateTime value={event.at} className="text-xs text-slate-600" />
          </li>
        )}
      </InquiryPartList>
    </InquiryPart>
  );
}
