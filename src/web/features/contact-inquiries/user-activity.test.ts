import { describe, expect, it, vi } from 'vitest';
import { msSinceLastActivity, noteActivity, onActiveAfterIdle } from './user-activity.ts';

describe('user activity', () => {
  it('measures the pause since the last activity', () => {
    noteActivity(1_000);
    expect(msSinceLastActivity(4_000)).toBe(3_000);
  });

  it('calls back only when activity ends a long enough pause', () => {
    const callback = vi.fn();
    const stop = onActiveAfterIdle(5_000, callback);
    noteActivity(10_000);
    noteActivity(12_000);
    expect(callback).toHaveBeenCalledTimes(1);
    noteActivity(17_000);
    expect(callback).toHaveBeenCalledTimes(2);
    stop();
    noteActivity(30_000);
    expect(callback).toHaveBeenCalledTimes(2);
  });
});
