import type { FirstResponses } from '../../../shared/contracts/dashboard.ts';
import type { ClickPeriodDays } from '../../../shared/rules/dashboard.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { useFirstResponses } from './api.ts';

/** A wait as people say it: "45 min", "2 h 10 min", "3 d 4 h". */
function waitText(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 === 0 ? `${hours} h` : `${hours} h ${whole % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

function Figures({ figures }: { figures: FirstResponses }) {
  const { overall, members, unanswered, businessHours } = figures;
  const unit = businessHours ? 'in business hours' : 'in clock time';
  return (
    <>
      {overall ? (
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">Median</dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
              {waitText(overall.medianMinutes)}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">9 in 10 within</dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
              {waitText(overall.p90Minutes)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="py-6 text-center text-slate-600">
          No inquiry of the last {figures.days} days answered yet.
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {overall ? `${overall.count.toLocaleString()} answered, ` : ''}
        {unanswered.toLocaleString()} waiting; counted {unit}, from the inquiry to its first reply link
        opened.
      </p>
      {members.length > 0 && (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">First responses by team member</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Answered by
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Inquiries
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Median
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                9 in 10
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.adminId ?? member.name}>
                <th scope="row" className="py-2 text-left font-medium break-words text-slate-900">
                  {member.name}
                </th>
                <td className="py-2 text-right tabular-nums">{member.count.toLocaleString()}</td>
                <td className="py-2 text-right tabular-nums">{waitText(member.medianMinutes)}</td>
                <td className="py-2 text-right tabular-nums">{waitText(member.p90Minutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * How long inquiries of the chosen period waited for a first response (decision 080): overall, and per member
 * for an administrator (an agent sees their own row).
 */
export function FirstResponsesCard({ days, className }: { days: ClickPeriodDays; className: string }) {
  const query = useFirstResponses(days);
  return (
    <section aria-labelledby="first-responses-title" className={className}>
      <h2 id="first-responses-title" className="text-lg font-semibold text-slate-900">
        First response
      </h2>
      <p className="mt-1 text-sm text-slate-600">Inquiries of the last {query.data?.days ?? days} days</p>
      {query.data ? (
        <Figures figures={query.data} />
      ) : query.isError ? (
        <LoadFailed look="card" onRetry={() => void query.refetch()}>
          The figures could not be loaded.
        </LoadFailed>
      ) : (
        <LoadingState label="Loading..." />
      )}
    </section>
  );
}
