import type { MemberAuditEntry } from '../../../shared/contracts/members.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { auditActionLabel, auditActor, auditChanges, auditChangeText } from './member-audit.ts';

/** What was done to the account, by whom and when, newest first (the server's order). */
export function MemberAuditLog({ entries }: { entries: MemberAuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <ol className="space-y-3">
      {entries.map((entry) => {
        const changes = auditChanges(entry);
        return (
          <li key={entry._id} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-medium text-slate-900">{auditActionLabel(entry)}</p>
              <DateTime value={entry.at} className="text-xs text-slate-600" />
            </div>
            <p className="break-all text-slate-600">by {auditActor(entry)}</p>
            {changes.length > 0 && (
              <ul className="mt-1 space-y-0.5 text-slate-700">
                {changes.map((change) => (
                  <li key={change.field} className="break-words">
                    {auditChangeText(change)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
