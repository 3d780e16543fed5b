import { describe, expect, it } from 'vitest';
import { beginAttempt, countEvent, createLimiter, waitPhrase } from './rate-limits.ts';

describe('beginAttempt', () => {
  const limiters = () => ({
    wide: createLimiter({ keyPrefix: 'test-wide', points: 5, durationSeconds: 60 }),
    narrow: createLimiter({ keyPrefix: 'test-narrow', points: 1, durationSeconds: 60 }),
  });
  const consumed = async (limiter: ReturnType<typeof createLimiter>, key: string) =>
    (await limiter.get(key))?.consumedPoints ?? 0;

  it('charges every counter before the check, and gives nothing back for a failure', async () => {
    const { wide, narrow } = limiters();
    const attempt = await beginAttempt([
      { limiter: wide, key: 'k', onSuccess: 'forget' },
      { limiter: narrow, key: 'k', onSuccess: 'refund' },
    ]);
    expect(attempt.retryAfterSeconds).toBe(0);
    expect(await consumed(wide, 'k')).toBe(1);
    expect(await consumed(narrow, 'k')).toBe(1);
  });

  it('gives back what earlier counters took when a later one refuses', async () => {
    const { wide, narrow } = limiters();
    const counters = [
      { limiter: wide, key: 'k', onSuccess: 'forget' as const },
      { limiter: narrow, key: 'k', onSuccess: 'refund' as const },
    ];
    await beginAttempt(counters);
    const refused = await beginAttempt(counters);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await consumed(wide, 'k')).toBe(1);
  });

  it('on success forgets a `forget` counter and refunds one point of a `refund` counter', async () => {
    const { wide } = limiters();
    const other = createLimiter({ keyPrefix: 'test-other', points: 5, durationSeconds: 60 });
    await beginAttempt([{ limiter: other, key: 'k', onSuccess: 'refund' }]);
    await beginAttempt([{ limiter: wide, key: 'k', onSuccess: 'forget' }]);
    const attempt = await beginAttempt([
      { limiter: wide, key: 'k', onSuccess: 'forget' },
      { limiter: other, key: 'k', onSuccess: 'refund' },
    ]);
    await attempt.succeeded();
    expect(await consumed(wide, 'k')).toBe(0);
    expect(await consumed(other, 'k')).toBe(1);
  });
});

describe('countEvent', () => {
  it('counts past the limit without refusing, in parallel too', async () => {
    const limiter = createLimiter({ keyPrefix: 'test-count', points: 2, durationSeconds: 60 });
    const counts = await Promise.all(Array.from({ length: 5 }, () => countEvent(limiter, 'k')));
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('waitPhrase', () => {
  it.each([
    [1, 'in 1 minute'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [12 * 60 - 30, 'in 12 minutes'],
    [60 * 60, 'in 60 minutes'],
    [60 * 60 + 1, 'in 2 hours'],
    [3 * 60 * 60, 'in 3 hours'],
  ])('says %i seconds as "%s", never less than the wait', (seconds, phrase) => {
    expect(waitPhrase(seconds)).toBe(phrase);
  });
});
