import { describe, expect, it } from 'vitest';
import type { DailyInquiryCount } from '../../../shared/contracts/dashboard.ts';
import { chartMax, dayTotal, describeDay, formatChartDay } from './chart-data.ts';

const day = (date: string, counts: Partial<Omit<DailyInquiryCount, 'date'>> = {}): DailyInquiryCount => ({
  date,
  new: 0,
  inProgress: 0,
  resolved: 0,
  closed: 0,
  ...counts,
});

describe('chartMax', () => {
  it('rounds the busiest day up to a readable scale', () => {
    expect(chartMax([])).toBe(4);
    expect(chartMax([day('2026-03-01')])).toBe(4);
    expect(chartMax([day('2026-03-01', { new: 3, closed: 1 })])).toBe(4);
    expect(chartMax([day('2026-03-01', { new: 5 })])).toBe(5);
    expect(chartMax([day('2026-03-01', { new: 6 })])).toBe(10);
    expect(chartMax([day('2026-03-01', { new: 11 }), day('2026-03-02', { resolved: 3 })])).toBe(20);
    expect(chartMax([day('2026-03-01', { new: 30, inProgress: 20, resolved: 1 })])).toBe(100);
    expect(chartMax([day('2026-03-01', { new: 100 })])).toBe(100);
  });
});

describe('formatChartDay', () => {
  it('shows the calendar day as given, whatever the viewer’s time zone', () => {
    expect(formatChartDay('2026-03-01', 'en-US')).toBe('Mar 1');
    expect(formatChartDay('2026-12-31', 'en-GB')).toBe('31 Dec');
    expect(formatChartDay('not a date', 'en-US')).toBe('not a date');
  });
});

describe('describeDay', () => {
  it('says how many inquiries of each status came in', () => {
    expect(dayTotal(day('2026-03-01', { new: 2, closed: 1 }))).toBe(3);
    expect(describeDay(day('2026-03-01', { new: 2, closed: 1 }), 'en-US')).toBe(
      'Mar 1: 3 inquiries (2 new, 1 closed)',
    );
    expect(describeDay(day('2026-03-02', { inProgress: 1 }), 'en-US')).toBe(
      'Mar 2: 1 inquiry (1 in progress)',
    );
    expect(describeDay(day('2026-03-03'), 'en-US')).toBe('Mar 3: no inquiries');
  });
});
