import { useId } from 'react';
import { INQUIRY_HISTORY_LIMIT } from '../../../shared/rules/contact-inquiries.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { inquiryEventText } from './inquiry-history-text.ts';
import { useInquiryHistory } from './team-api.ts';

/** What happened to the inquiry, newest first: who did what, and when (in the business's time zone). */
export function InquiryHistory({ inquiryId }: { inquiryId: string }) {
  const history = useInquiryHistory(inquiryId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        History
      </h3>
      <QueryContent query={history} noun="history" look="inline">
        {(events) =>
          events.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing recorded yet.</p>
          ) : (
            <>
              <ol className="space-y-2">
                {events.map((event) => (
                  <li
                    key={event._id}
                    className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
                  >
                    <p className="min-w-0 break-words text-slate-800">
                      <span className="font-medium text-slate-900">{event.actor.name}</span>{' '}
                      {inquiryEventText(event)}
                    </p>
                    <DateTime value={event.at} className="text-xs text-slate-600" />
                  </li>
                ))}
              </ol>
              {events.length >= INQUIRY_HISTORY_LIMIT && (
                <p className="text-xs text-slate-600">
                  The latest {INQUIRY_HISTORY_LIMIT} entries are shown.
                </p>
              )}
            </>
          )
        }
      </QueryContent>
    </section>
  );
}
