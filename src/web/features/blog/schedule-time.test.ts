import { describe, expect, it } from 'vitest';
import { instantOf, timeZoneLabel, wallClockOf } from './schedule-time.ts';

describe('a schedule on the business’s clock', () => {
  it('turns a date and time in the zone into the instant, and back', () => {
    expect(instantOf({ date: '2026-11-25', time: '15:30' }, 'Asia/Kolkata')).toBe('2026-11-25T10:00:00.000Z');
    expect(wallClockOf('2026-11-25T10:00:00.000Z', 'Asia/Kolkata')).toEqual({
      date: '2026-11-25',
      time: '15:30',
    });
    // Past midnight in India is still the day before in UTC.
    expect(instantOf({ date: '2026-11-26', time: '00:15' }, 'Asia/Kolkata')).toBe('2026-11-25T18:45:00.000Z');
    expect(instantOf({ date: '2026-07-01', time: '09:00' }, 'America/New_York')).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(instantOf({ date: '2026-01-01', time: '09:00' }, 'America/New_York')).toBe(
      '2026-01-01T14:00:00.000Z',
    );
  });

  it('is empty until both fields hold a real date and time', () => {
    expect(instantOf({ date: '', time: '15:30' }, 'Asia/Kolkata')).toBe('');
    expect(instantOf({ date: '2026-11-25', time: '' }, 'Asia/Kolkata')).toBe('');
    expect(instantOf({ date: '2026-02-30', time: '10:00' }, 'Asia/Kolkata')).toBe('');
    expect(instantOf({ date: '2026-11-25', time: '3:30 pm' }, 'Asia/Kolkata')).toBe('');
  });

  it('names the zone as people know it', () => {
    expect(timeZoneLabel('Asia/Kolkata')).toBe('India Standard Time (Asia/Kolkata)');
  });
});
