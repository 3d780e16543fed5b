import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIVE_EVENT_NAME, LIVE_EVENTS_PATH, LiveEventSchema } from '../../../shared/contracts/live-events.ts';
import { inquiryKeys } from '../../lib/query-keys.ts';

/** At most one refetch of the inquiry screens this often: a burst of 50 inquiries costs two, not 50. */
const LIVE_REFETCH_THROTTLE_MS = 1_000;
/** After the server refused the stream (a restart, too many tabs), waits from this, doubling, up to the max. */
const RECONNECT_FIRST_DELAY_MS = 2_000;
const RECONNECT_MAX_DELAY_MS = 60_000;

/** What the live region says of new inquiries: no names, the events carry none. */
function newInquiriesAnnouncement(count: number): string {
  return count === 1 ? '1 new inquiry' : `${count.toLocaleString()} new inquiries`;
}

function parseEvent(data: unknown) {
  if (typeof data !== 'string') return undefined;
  try {
    return LiveEventSchema.safeParse(JSON.parse(data)).data;
  } catch {
    return undefined;
  }
}

/**
 * Fetches again what an inquiry changes (everything under the inquiries' key: query-keys.ts) that is on
 * screen. A screen's first load still on its way may have read the database before the change, and an
 * invalidation would join that load rather than start another (TanStack Query restarts only fetches that
 * already have data): such loads are cancelled first, so they start again. Without this, a dashboard opened
 * just as an inquiry arrived showed it only at the next change.
 */
export async function refetchInquiryScreens(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({
    queryKey: inquiryKeys.all,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  await queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
}

/**
 * Keeps the inquiry screens (inbox, stat cards, sidebar badge, dashboard) current while the back office is
 * open, from the server's event stream. Returns what a polite live region should announce. With
 * `enabled: false` (a role without the inbox, which the server refuses the stream) nothing is opened.
 */
export function useLiveInquiries({ enabled = true }: { enabled?: boolean } = {}): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | undefined;
    let lost = false;
    let attempts = 0;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let throttled: ReturnType<typeof setTimeout> | undefined;
    let lastRefetch = Number.NEGATIVE_INFINITY;
    let created = 0;

    const refetch = () => {
      throttled = undefined;
      lastRefetch = performance.now();
      void refetchInquiryScreens(queryClient);
      if (created > 0) setAnnouncement(newInquiriesAnnouncement(created));
      created = 0;
    };
    const refetchSoon = () => {
      if (throttled !== undefined) return;
      const wait = lastRefetch + LIVE_REFETCH_THROTTLE_MS - performance.now();
      if (wait <= 0) refetch();
      else throttled = setTimeout(refetch, wait);
    };

    const connect = () => {
      const current = new EventSource(LIVE_EVENTS_PATH);
      source = current;
      current.addEventListener('open', () => {
        attempts = 0;
        // Back after a drop: whatever happened meanwhile was missed.
        if (lost) refetch();
        lost = false;
      });
      current.addEventListener(LIVE_EVENT_NAME, (message) => {
        const event = parseEvent(message.data);
        if (!event) return;
        if (event.type === 'inquiry.created') created += 1;
        refetchSoon();
      });
      current.addEventListener('error', () => {
        lost = true;
        // A lost connection is retried by the browser itself; a refusal (an answer other than the stream)
        // closes the source for good, so it is opened again here, ever more slowly.
        if (current.readyState !== EventSource.CLOSED) return;
        const delay = Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** attempts, RECONNECT_MAX_DELAY_MS);
        attempts += 1;
        reconnect = setTimeout(connect, delay);
      });
    };
    // A stream cut by a network drop may look open until a write fails; the browser knows sooner that the
    // network went and came back, and a new stream (then a refetch) is certain to work.
    const offline = () => {
      lost = true;
    };
    const online = () => {
      if (!lost) return;
      source?.close();
      clearTimeout(reconnect);
      attempts = 0;
      connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    connect();
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      source?.close();
      clearTimeout(reconnect);
      clearTimeout(throttled);
    };
  }, [queryClient, enabled]);

  return announcement;
}
