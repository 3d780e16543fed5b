import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import type {
  ChannelClickTotal,
  DutyClickTotal,
  PosterTotal,
  PostViewTotal,
} from '../../../shared/contracts/dashboard.ts';
import { CONTACT_CHANNEL_LABELS } from '../../../shared/rules/contact-channels.ts';
import {
  CLICK_PERIOD_DAYS,
  type ClickPeriodDays,
  DEFAULT_CLICK_PERIOD_DAYS,
} from '../../../shared/rules/dashboard.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { useClicksAndViews, useResetChannelClicks } from './api.ts';
import { FirstResponsesCard } from './first-responses-card.tsx';

const CARD = 'flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** A row's figure with a bar as long as its share of the largest; the bar is for the eye only. */
function CountRow({
  label,
  detail,
  count,
  max,
  unit,
}: {
  label: string;
  detail?: string;
  count: number;
  max: number;
  unit: [string, string];
}) {
  return (
    <li className="py-2.5">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 break-words text-slate-900">
          <span className="font-medium">{label}</span>
          {detail && <span className="text-slate-600"> {detail}</span>}
        </span>
        <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
          {plural(count, ...unit)}
        </span>
      </div>
      <div aria-hidden="true" className="mt-1.5 h-1.5 rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-indigo-500" style={{ width: `${(count / max) * 100}%` }} />
      </div>
    </li>
  );
}

function ChannelClicks({ totals, days }: { totals: readonly ChannelClickTotal[]; days: number }) {
  const max = Math.max(1, ...totals.map((total) => total.clicks));
  return totals.length === 0 ? (
    <p className="flex-1 py-6 text-center text-slate-600">No clicks yet in the last {days} days.</p>
  ) : (
    <ul className="mt-2 flex-1 divide-y divide-slate-100">
      {totals.map((total) => (
        <CountRow
          key={total.channelId}
          label={CONTACT_CHANNEL_LABELS[total.type]}
          detail={total.display}
          count={total.clicks}
          max={max}
          unit={['click', 'clicks']}
        />
      ))}
    </ul>
  );
}

/**
 * The visitors the site's WhatsApp and call buttons sent to each member on duty (decision 076): everyone's for
 * an administrator, one's own for anyone else.
 */
function DutyClicks({ totals, days }: { totals: readonly DutyClickTotal[]; days: number }) {
  const headingId = useId();
  const max = Math.max(1, ...totals.map((total) => total.whatsapp + total.calls));
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Sent to those on duty
      </h3>
      {totals.length === 0 ? (
        <p className="py-3 text-sm text-slate-600">
          Nobody on duty was sent visitors in the last {days} days.
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {totals.map((total) => (
            <CountRow
              key={total.adminId}
              label={total.name}
              detail={`${plural(total.whatsapp, 'WhatsApp chat', 'WhatsApp chats')}, ${plural(total.calls, 'call', 'calls')}`}
              count={total.whatsapp + total.calls}
              max={max}
              unit={['visitor', 'visitors']}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What each counter poster brought (decision 077): visits of pages with its tag and taps on a channel that
 * carried it. Shown once a poster has brought anyone.
 */
function PosterTotals({ totals }: { totals: readonly PosterTotal[] }) {
  const headingId = useId();
  if (totals.length === 0) return null;
  const max = Math.max(1, ...totals.map((total) => total.visits));
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Brought by posters
      </h3>
      <ul className="mt-1 divide-y divide-slate-100">
        {totals.map((total) => (
          <CountRow
            key={total.posterId}
            label={total.name}
            detail={`· ${plural(total.taps, 'tap', 'taps')} on a channel`}
            count={total.visits}
            max={max}
            unit={['visit', 'visits']}
          />
        ))}
      </ul>
    </section>
  );
}

function PostViews({ posts, days }: { posts: readonly PostViewTotal[]; days: number }) {
  const max = Math.max(1, ...posts.map((post) => post.views));
  return posts.length === 0 ? (
    <p className="flex-1 py-6 text-center text-slate-600">No post views yet in the last {days} days.</p>
  ) : (
    <ol className="mt-2 flex-1 divide-y divide-slate-100">
      {posts.map((post) => (
        <CountRow
          key={post.postId}
          label={post.title}
          count={post.views}
          max={max}
          unit={['view', 'views']}
        />
      ))}
    </ol>
  );
}

/** Asks before resetting every channel's clicks; only administrators are offered it. */
function ResetClicks() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reset = useResetChannelClicks();
  return (
    <>
      <Button variant="secondary" className="mt-3 self-start" onClick={() => setOpen(true)}>
        Reset click counts
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(null);
        }}
        title="Reset click counts?"
        description="Every contact channel's clicks go back to zero, for every period. This cannot be undone."
        confirmLabel="Reset"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        error={error}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: ({ message }) => {
              setOpen(false);
              toast.success(message);
            },
            onError: (failure) => setError(errorMessage(failure, 'The click counts could not be reset.')),
          })
        }
      />
    </>
  );
}

/**
 * Which contact channels visitors click and which posts they read, over the last 7, 30 or 90 days (the
 * business's days). Counts only: nothing here says who clicked or read.
 */
export function ClicksAndViewsCards({ canReset, className }: { canReset: boolean; className?: string }) {
  const [days, setDays] = useState<ClickPeriodDays>(DEFAULT_CLICK_PERIOD_DAYS);
  const query = useClicksAndViews(days);
  const clicksId = useId();
  const viewsId = useId();
  const data = query.data;
  const periodSwitch = (
    <fieldset className="inline-flex rounded-lg border border-slate-300 p-0.5">
      <legend className="sr-only">Period</legend>
      {CLICK_PERIOD_DAYS.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={choice === days}
          onClick={() => setDays(choice)}
          className={cx(
            'min-h-9 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
            choice === days ? 'bg-indigo-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {choice} days
        </button>
      ))}
    </fieldset>
  );
  const body = (content: (loaded: NonNullable<typeof data>) => ReactNode) =>
    data ? (
      content(data)
    ) : query.isError ? (
      <LoadFailed look="card" onRetry={() => void query.refetch()}>
        The figures could not be loaded.
      </LoadFailed>
    ) : (
      <LoadingState label="Loading..." />
    );
  const total = (data?.channelClicks ?? []).reduce((sum, channel) => sum + channel.clicks, 0);

  return (
    <div className={cx('grid gap-6 lg:grid-cols-2', className)}>
      <section aria-labelledby={clicksId} className={CARD}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={clicksId} className="text-lg font-semibold text-slate-900">
            Channel clicks
          </h2>
          {periodSwitch}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {data ? `Last ${data.days} days: ${plural(total, 'click', 'clicks')}` : `Last ${days} days`}
        </p>
        {body((loaded) => (
          <>
            <ChannelClicks totals={loaded.channelClicks} days={loaded.days} />
            <DutyClicks totals={loaded.dutyClicks} days={loaded.days} />
            <PosterTotals totals={loaded.posters} />
          </>
        ))}
        {canReset && <ResetClicks />}
      </section>
      <section aria-labelledby={viewsId} className={CARD}>
        <h2 id={viewsId} className="text-lg font-semibold text-slate-900">
          Post views
        </h2>
        <p className="mt-1 text-sm text-slate-600">Most read posts in the last {data?.days ?? days} days</p>
        {body((loaded) => (
          <PostViews posts={loaded.postViews} days={loaded.days} />
        ))}
      </section>
      <FirstResponsesCard days={days} className={CARD} />
    </div>
  );
}
