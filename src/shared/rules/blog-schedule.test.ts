import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES, scheduleProblem } from './blog-schedule.ts';

describe('scheduleProblem', () => {
  const now = Date.parse('2026-11-25T10:00:00.000Z');

  it('takes no schedule, or a time ahead for a draft', () => {
    expect(scheduleProblem({ isPublished: true, scheduledAt: null }, now)).toBeNull();
    expect(scheduleProblem({ isPublished: false, scheduledAt: null }, now)).toBeNull();
    expect(scheduleProblem({ isPublished: false, scheduledAt: '2026-11-25T10:00:01.000Z' }, now)).toBeNull();
  });

  it('refuses a time that has come, and a post published now as well', () => {
    expect(scheduleProblem({ isPublished: false, scheduledAt: '2026-11-25T10:00:00.000Z' }, now)).toBe(
      SCHEDULE_MESSAGES.past,
    );
    expect(scheduleProblem({ isPublished: true, scheduledAt: '2026-11-26T10:00:00.000Z' }, now)).toBe(
      SCHEDULE_MESSAGES.alsoPublished,
    );
  });
});
