import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { inquiryKeys } from '../../lib/query-keys.ts';
import { refetchInquiryScreens } from './use-live-inquiries.ts';

/** A screen's query on the dashboard: what the server answered for each fetch, in order, held until let go. */
function dashboardOnScreen(queryClient: QueryClient) {
  const answers: { totals: number; release: () => void }[] = [];
  let inquiries = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: inquiryKeys.dashboard(330),
    queryFn: ({ signal }) => {
      // The server reads the database when asked: what the count is at that moment.
      const totals = inquiries;
      return new Promise<number>((resolve, reject) => {
        answers.push({ totals, release: () => resolve(totals) });
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return {
    answers,
    observer,
    arrive: () => {
      inquiries += 1;
    },
    unsubscribe,
  };
}

describe('refetchInquiryScreens', () => {
  const clients: QueryClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.clear();
  });

  function client() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    clients.push(queryClient);
    return queryClient;
  }

  it('restarts a first load that read the database before the inquiry arrived', async () => {
    const queryClient = client();
    const screen = dashboardOnScreen(queryClient);
    // The dashboard opens: its first load has read the database (no inquiry yet) and is on its way back.
    await expect.poll(() => screen.answers.length).toBe(1);
    screen.arrive();
    const refetched = refetchInquiryScreens(queryClient);
    await expect.poll(() => screen.answers.length).toBe(2);
    for (const answer of screen.answers) answer.release();
    await refetched;
    expect(screen.observer.getCurrentResult().data).toBe(1);
    screen.unsubscribe();
  });

  it('fetches a screen that has its figures again, once', async () => {
    const queryClient = client();
    const screen = dashboardOnScreen(queryClient);
    await expect.poll(() => screen.answers.length).toBe(1);
    screen.answers[0]!.release();
    await expect.poll(() => screen.observer.getCurrentResult().data).toBe(0);
    screen.arrive();
    const refetched = refetchInquiryScreens(queryClient);
    await expect.poll(() => screen.answers.length).toBe(2);
    screen.answers[1]!.release();
    await refetched;
    expect(screen.observer.getCurrentResult().data).toBe(1);
    expect(screen.answers).toHaveLength(2);
    screen.unsubscribe();
  });
});
