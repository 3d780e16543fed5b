import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../shared/time.ts';
import { inKolkata } from '../test-support/kolkata-clock.ts';
import { WEB_BUILT as built, WEB_DIST_DIR } from '../test-support/rendered-pages.ts';
import {
  asAdmin,
  createTestClock,
  signedInAppForEachTest,
  storedInquiry,
  TEST_DIALECTS,
} from '../test-support/test-app.ts';

describe.skipIf(!built).each(TEST_DIALECTS)(
  '"Usually replies within about …" on the contact page (%s, needs npm run build:web)',
  (dialect) => {
    // The demo's week (Monday to Friday 9–8, …) in Asia/Kolkata, by the app's clock.
    const clock = createTestClock(inKolkata('2026-12-08T09:00'));
    // A session that lasts the days the test's clock runs through.
    const longSession = { SESSION_IDLE_MINUTES: '10080', SESSION_ABSOLUTE_MINUTES: '10080' };
    const t = signedInAppForEachTest(dialect, { WEB_DIST_DIR, ...longSession }, { clock });

    const replyLine = async (url = '/contact') => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      return /(Usually replies within about [^<]*|आम तौर पर लगभग [^<]*)</.exec(response.body)?.[1] ?? null;
    };

    /**
     * Inquiries received `receivedEvery` minutes apart from `from`, each answered, by its first reply link
     * opened in the back office, the given minutes after it came (and once more later, which changes nothing).
     * The links are opened in the order of their times, by the app's clock.
     */
    const answer = async (from: number, minutes: readonly number[], receivedEvery = 10) => {
      const opened: { id: string; channel: 'whatsapp' | 'call'; at: number }[] = [];
      for (const [index, after] of minutes.entries()) {
        const receivedAt = from + index * receivedEvery * MINUTE_MS;
        const row = storedInquiry(new Date(receivedAt).toISOString());
        await t.database.db.insertInto('contactInquiries').values(row).execute();
        opened.push({ id: row.id, channel: 'whatsapp', at: receivedAt + after * MINUTE_MS });
        opened.push({ id: row.id, channel: 'call', at: receivedAt + (after + 90) * MINUTE_MS });
      }
      for (const { id, channel, at } of opened.sort((a, b) => a.at - b.at)) {
        clock.advance(at - clock());
        const response = await t.app.inject(
          asAdmin(t.cookie, {
            method: 'POST',
            url: `/api/contact-inquiries/${id}/reply-link`,
            payload: { channel },
          }),
        );
        expect(response.statusCode).toBe(200);
      }
    };

    it('shows the median first response to inquiries that came during opening hours, from 20 of them', async () => {
      // 19 answered on Tuesday during the day, 10 to 28 minutes after they came; five at night, in the morning.
      await answer(
        inKolkata('2026-12-08T10:00'),
        Array.from({ length: 19 }, (_, index) => 10 + index),
      );
      await answer(inKolkata('2026-12-08T22:00'), Array(5).fill(12 * 60));
      clock.advance(inKolkata('2026-12-09T12:00') - clock());
      expect(await replyLine()).toBeNull();

      // A twentieth is enough, 29 minutes: the median of 10…29 is 19.5, said as about 20 (the nights' left out).
      await answer(inKolkata('2026-12-08T17:00'), [29]);
      clock.advance(inKolkata('2026-12-09T12:00') + 61 * MINUTE_MS - clock());
      expect(await replyLine()).toBe('Usually replies within about 20 minutes');
      expect(await replyLine('/hi/contact')).toBe('आम तौर पर लगभग 20 मिनट में जवाब मिलता है');
    });

    it('works the figure out again at most once an hour', async () => {
      await answer(inKolkata('2026-12-08T10:00'), Array(20).fill(45));
      clock.advance(inKolkata('2026-12-09T12:00') - clock());
      expect(await replyLine()).toBe('Usually replies within about 45 minutes');

      // Faster answers since: the page says so within the hour after, not before.
      await answer(inKolkata('2026-12-09T12:00'), Array(21).fill(2), 1);
      clock.advance(inKolkata('2026-12-09T12:59') - clock());
      expect(await replyLine()).toBe('Usually replies within about 45 minutes');
      clock.advance(2 * MINUTE_MS);
      expect(await replyLine()).toBe('Usually replies within about 5 minutes');
    });
  },
);
