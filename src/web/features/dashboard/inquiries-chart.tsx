import { useId } from 'react';
import type { DailyInquiryCount } from '../../../shared/contracts/dashboard.ts';
import { cx } from '../../lib/class-names.ts';
import { CHART_SERIES, chartMax, dayTotal, describeDay, formatChartDay } from './chart-data.ts';

/** Every how many days the axis names a date. */
const AXIS_LABEL_EVERY_DAYS = 7;

export interface InquiriesChartProps {
  /** Oldest first, today last. */
  perDay: readonly DailyInquiryCount[];
  className?: string;
}

/**
 * Inquiries per day, stacked by status. The bars are drawn for the eye only; screen readers get the same
 * figures as a table.
 */
export function InquiriesChart({ perDay, className }: InquiriesChartProps) {
  const titleId = useId();
  const max = chartMax(perDay);
  const sum = perDay.reduce((total, day) => total + dayTotal(day), 0);
  const days = perDay.length;

  return (
    <section
      aria-labelledby={titleId}
      className={cx('rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Inquiries per day
        </h2>
        <p className="text-sm text-slate-600">
          Last {days} days: {sum.toLocaleString()} {sum === 1 ? 'inquiry' : 'inquiries'}
        </p>
      </div>

      {sum === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No inquiries yet in these days. Each day's new inquiries will show here as a bar, by status.
        </p>
      ) : (
        <ChartBody perDay={perDay} max={max} />
      )}
    </section>
  );
}

/** The bars (for the eye) and the same figures as a table (for screen readers). */
function ChartBody({ perDay, max }: { perDay: readonly DailyInquiryCount[]; max: number }) {
  const days = perDay.length;
  const last = days - 1;
  return (
    <>
      <ul aria-hidden="true" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {CHART_SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <span className={cx('size-3 rounded-sm', series.color)} />
            {series.label}
          </li>
        ))}
      </ul>

      <div aria-hidden="true" className="mt-4 flex gap-2">
        <div className="flex h-48 flex-col justify-between text-right text-xs text-slate-600 tabular-nums">
          <span>{max}</span>
          <span>{max / 2}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-48 border-b border-l border-slate-300">
            <div className="absolute inset-x-0 top-0 border-t border-dashed border-slate-200" />
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200" />
            <div className="absolute inset-0 flex items-end gap-px px-px sm:gap-0.5">
              {perDay.map((day) => (
                <div
                  key={day.date}
                  title={describeDay(day)}
                  className="flex h-full min-w-0 flex-1 flex-col-reverse hover:bg-slate-100"
                >
                  {CHART_SERIES.map((series) =>
                    day[series.key] > 0 ? (
                      <div
                        key={series.key}
                        className={cx('w-full first:rounded-b-none last:rounded-t-sm', series.color)}
                        style={{ height: `${(day[series.key] / max) * 100}%` }}
                      />
                    ) : null,
                  )}
                </div>
              ))}
            </div>
          </div>
          <div className="relative mt-1 h-4 text-xs text-slate-600">
            {perDay.map((day, index) =>
              (last - index) % AXIS_LABEL_EVERY_DAYS === 0 ? (
                <span
                  key={day.date}
                  className={cx(
                    'absolute whitespace-nowrap',
                    index === last ? 'right-0' : index === 0 ? 'left-0' : '-translate-x-1/2',
                  )}
                  style={
                    index === last || index === 0 ? undefined : { left: `${((index + 0.5) / days) * 100}%` }
                  }
                >
                  {formatChartDay(day.date)}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>

      <table className="sr-only">
        <caption>Inquiries per day for the last {days} days, by status</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {CHART_SERIES.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {perDay.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatChartDay(day.date)}</th>
              {CHART_SERIES.map((series) => (
                <td key={series.key}>{day[series.key]}</td>
              ))}
              <td>{dayTotal(day)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
