import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../time.ts';
import { REPLY_TIME_MIN_ANSWERED, replyTimeShown, typicalReplyMinutes } from './reply-time.ts';

/** Inquiries received a minute apart from `start`, each answered after the next of `minutes`. */
const answered = (start: number, minutes: readonly number[]) =>
  minutes.map((after, index) => ({
    receivedAt: start + index * MINUTE_MS,
    respondedAt: start + index * MINUTE_MS + after * MINUTE_MS,
  }));
const always = () => true;

describe('typicalReplyMinutes', () => {
  it('is the median of the first responses, with at least 20 answered inquiries', () => {
    const twenty = Array.from({ length: REPLY_TIME_MIN_ANSWERED }, (_, index) => 10 + index);
    expect(typicalReplyMinutes(answered(0, twenty), always)).toBe(19.5);
    expect(typicalReplyMinutes(answered(0, [...twenty, 100]), always)).toBe(20);
    expect(typicalReplyMinutes(answered(0, twenty.slice(1)), always)).toBeNull();
  });

  it('counts only the inquiries that came while the business was open', () => {
    const day = answered(0, Array(REPLY_TIME_MIN_ANSWERED).fill(15));
    const night = answered(10_000 * MINUTE_MS, Array(30).fill(600));
    const openBefore = (moment: number) => moment < 10_000 * MINUTE_MS;
    expect(typicalReplyMinutes([...day, ...night], openBefore)).toBe(15);
    expect(typicalReplyMinutes(night, openBefore)).toBeNull();
  });
});

describe('replyTimeShown', () => {
  it('says minutes by fives, at least five, then whole hours, and nothing past a day', () => {
    expect(replyTimeShown(0.5)).toEqual({ unit: 'minutes', count: 5 });
    expect(replyTimeShown(19.5)).toEqual({ unit: 'minutes', count: 20 });
    expect(replyTimeShown(56)).toEqual({ unit: 'hours', count: 1 });
    expect(replyTimeShown(150)).toEqual({ unit: 'hours', count: 3 });
    expect(replyTimeShown(24 * 60 + 1)).toBeNull();
  });
});
