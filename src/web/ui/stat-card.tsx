import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../lib/class-names.ts';

export const STAT_TONES = {
  slate: 'bg-slate-100 text-slate-700',
  blue: 'bg-blue-100 text-blue-700',
  yellow: 'bg-yellow-100 text-yellow-800',
  green: 'bg-green-100 text-green-700',
  indigo: 'bg-indigo-100 text-indigo-700',
  red: 'bg-red-100 text-red-700',
} as const;
export type StatTone = keyof typeof STAT_TONES;

export interface StatCardProps {
  label: string;
  /** Undefined while loading or when the figure could not be loaded: shown as a dash. */
  value: number | undefined;
  icon: LucideIcon;
  tone?: StatTone;
  /** Makes the whole card a link to the screen the figure comes from. */
  to?: string;
}

/** A labelled figure, for a StatGrid (a <dl>): the label is the term and the figure its definition. */
export function StatCard({ label, value, icon: Icon, tone = 'slate', to }: StatCardProps) {
  const figure = value === undefined ? '–' : value.toLocaleString();
  return (
    <div
      className={cx(
        'rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4',
        to && 'relative transition-colors focus-within:border-indigo-400 hover:border-indigo-300',
      )}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span
          aria-hidden="true"
          className={cx('flex size-8 shrink-0 items-center justify-center rounded-lg', STAT_TONES[tone])}
        >
          <Icon className="size-4" />
        </span>
        <span className="min-w-0 truncate">{label}</span>
      </dt>
      <dd className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">
        {to ? (
          // The link's area covers the whole card.
          <Link
            to={to}
            aria-label={`${label}: ${figure}`}
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            {figure}
          </Link>
        ) : value === undefined ? (
          <>
            <span aria-hidden="true">{figure}</span>
            <span className="sr-only">not available</span>
          </>
        ) : (
          figure
        )}
      </dd>
    </div>
  );
}

/** The figures of a screen: two to a row on a phone, up to five side by side on a wide screen (`columns`). */
export function StatGrid({
  label,
  children,
  busy,
  columns = 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5',
}: {
  label: string;
  children: ReactNode;
  busy?: boolean;
  /** Tailwind grid-cols classes. */
  columns?: string;
}) {
  return (
    <dl aria-label={label} aria-busy={busy || undefined} className={cx('grid gap-3', columns)}>
      {children}
    </dl>
  );
}
