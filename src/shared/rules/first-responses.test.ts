import { describe, expect, it } from 'vitest';
import { responseStat } from './first-responses.ts';
import { type OpeningHours, openMinutesBetween } from './opening-hours.ts';

const weekdays = (opens: string, closes: string): OpeningHours => ({
  week: [...Array.from({ length: 5 }, () => [{ opens, closes }]), [], []],
  closures: [],
});
/** The instant a clock in India reads `local`: 2026-12-07 was a Monday. */
const inKolkata = (local: string) => Date.parse(`${local}:00+05:30`);

describe('openMinutesBetween', () => {
  const hours = weekdays('09:00', '18:00');
  const between = (from: string, to: string, week = hours) =>
    openMinutesBetween(week, 'Asia/Kolkata', inKolkata(from), inKolkata(to));

  it('counts only the minutes the business was open', () => {
    expect(between('2026-12-07T10:00', '2026-12-07T10:45')).toBe(45);
    // Friday 5 PM to Monday 10 AM: Friday's last hour and Monday's first.
    expect(between('2026-12-11T17:00', '2026-12-14T10:00')).toBe(120);
    // A night's inquiry answered at 9:20 waited 20 minutes of business hours.
    expect(between('2026-12-07T22:00', '2026-12-08T09:20')).toBe(20);
    expect(between('2026-12-12T10:00', '2026-12-13T18:00')).toBe(0);
  });

  it('skips a closure and runs past midnight with a night period', () => {
    const diwali = { ...hours, closures: [{ date: '2026-12-08', note: 'Diwali', noteHi: '' }] };
    expect(between('2026-12-07T17:00', '2026-12-09T10:00', diwali)).toBe(120);
    const nights = weekdays('22:00', '02:00');
    expect(between('2026-12-07T23:00', '2026-12-08T01:30', nights)).toBe(150);
  });
});

describe('responseStat', () => {
  it('gives the median and the 90th percentile by nearest rank', () => {
    expect(responseStat([])).toBeNull();
    expect(responseStat([7])).toEqual({ count: 1, medianMinutes: 7, p90Minutes: 7 });
    const minutes = [50, 10, 40, 30, 20, 60, 70, 80, 90, 100];
    expect(responseStat(minutes)).toEqual({ count: 10, medianMinutes: 50, p90Minutes: 90 });
  });
});
