import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import { cx } from '../../lib/class-names.ts';
import { DateTime } from '../../ui/date-time.tsx';

const INQUIRIES_PATH = '/admin/inquiries';

/** The inbox with this inquiry's detail open. */
function inquiryLink(id: string): string {
  return `${INQUIRIES_PATH}?open=${encodeURIComponent(id)}`;
}

export function RecentUnreadList({
  inquiries,
  className,
}: {
  inquiries: readonly Inquiry[];
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cx(
        'flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6',
        className,
      )}
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Recent unread inquiries
      </h2>
      {inquiries.length === 0 ? (
        <p className="flex-1 py-6 text-center text-slate-600">No unread inquiries. You are all caught up.</p>
      ) : (
        <ul className="mt-2 flex-1 divide-y divide-slate-200">
          {inquiries.map((inquiry) => (
            <li key={inquiry._id}>
              <Link
                to={inquiryLink(inquiry._id)}
                className="-mx-2 flex items-center gap-2 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="font-semibold break-words text-slate-900">{inquiry.name}</span>
                    <DateTime value={inquiry.createdAt} className="text-xs text-slate-600" />
                  </span>
                  <span className="block text-sm text-slate-600">{inquiry.city}</span>
                  <span className="mt-0.5 line-clamp-2 text-sm break-words text-slate-700">
                    {inquiry.query}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={INQUIRIES_PATH}
        className="mt-3 self-start rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        View all inquiries
      </Link>
    </section>
  );
}
