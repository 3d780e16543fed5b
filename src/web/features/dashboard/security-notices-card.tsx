import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { SecurityNotice } from '../../../shared/contracts/dashboard.ts';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { SECURITY_NOTICE_DAYS, SECURITY_NOTICE_LABELS } from '../../../shared/rules/audit-log.ts';
import { DateTime } from '../../ui/date-time.tsx';

/**
 * For administrators: the newest security notices (a new token, webhook or administrator, a backup taken
 * away, a second factor turned off, a sign-in from a new device), which every administrator is also emailed.
 */
export function SecurityNoticesCard({ notices }: { notices: readonly SecurityNotice[] }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldAlert aria-hidden="true" className="size-5 text-amber-600" />
          Security notices
        </h2>
        <Link to={adminPath('auditLog')} className="text-sm font-medium text-indigo-700 hover:underline">
          Audit log
        </Link>
      </div>
      {notices.length === 0 ? (
        <p className="py-4 text-slate-600">No security notices in the last {SECURITY_NOTICE_DAYS} days.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {notices.map((notice) => (
            <li key={`${notice.at}-${notice.action}`} className="py-2">
              <p className="font-medium text-slate-900">{SECURITY_NOTICE_LABELS[notice.action]}</p>
              <p className="text-sm text-slate-600">
                {notice.actorEmail ?? 'Someone'} · <DateTime value={notice.at} />
                {notice.ip ? ` · ${notice.ip}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
