import { MINUTE_MS } from '../time.ts';

/** An inquiry the team answered: when it came, and when a reply link of it was first opened (decision 075). */
export interface FirstResponse {
  receivedAt: number;
  respondedAt: number;
}

/** How far back the figure looks. */
export const REPLY_TIME_WINDOW_DAYS = 30;
/** Fewer answered inquiries than this say too little about a business: no figure is shown. */
export const REPLY_TIME_MIN_ANSWERED = 20;
/** A typical first response slower than this is no promise worth making on the contact page. */
const REPLY_TIME_MAX_MINUTES = 24 * 60;

/**
 * The median minutes to a first response, over the inquiries that came while the business was open
 * (`isOpenAt`); null with fewer than REPLY_TIME_MIN_ANSWERED of them. A night's inquiry answered in the
 * morning says nothing of how fast the team answers while it is there.
 */
export function typicalReplyMinutes(
  responses: readonly FirstResponse[],
  isOpenAt: (moment: number) => boolean,
): number | null {
  const minutes = responses
    .filter(({ receivedAt }) => isOpenAt(receivedAt))
    .map(({ receivedAt, respondedAt }) => Math.max(0, respondedAt - receivedAt) / MINUTE_MS)
    .sort((a, b) => a - b);
  if (minutes.length < REPLY_TIME_MIN_ANSWERED) return null;
  const middle = Math.floor(minutes.length / 2);
  return minutes.length % 2 === 1 ? minutes[middle]! : (minutes[middle - 1]! + minutes[middle]!) / 2;
}

/**
 * The figure as the contact page says it: minutes up to five and then by fives ("about 20 minutes"), from an
 * hour on whole hours ("about 2 hours"); null past a day.
 */
export function replyTimeShown(minutes: number): { unit: 'minutes' | 'hours'; count: number } | null {
  if (minutes > REPLY_TIME_MAX_MINUTES) return null;
  const byFives = Math.max(5, Math.ceil(minutes / 5) * 5);
  if (byFives < 60) return { unit: 'minutes', count: byFives };
  return { unit: 'hours', count: Math.max(1, Math.round(minutes / 60)) };
}
