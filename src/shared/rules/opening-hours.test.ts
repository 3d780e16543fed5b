import { describe, expect, it } from 'vitest';
import { type OpeningHours, openingHoursRows, openStatus, wallClock } from './opening-hours.ts';

const weekdays = (opens: string, closes: string) => [{ opens, closes }];

/** The demo's week: Monday to Friday 9–8, Saturday 10–6, Sunday closed. */
const DEMO: OpeningHours = {
  week: [...Array.from({ length: 5 }, () => weekdays('09:00', '20:00')), weekdays('10:00', '18:00'), []],
  closures: [],
};

/** The instant a clock in India (UTC+05:30) reads `local` ("2026-12-07T19:30" was a Monday evening). */
const inKolkata = (local: string) => new Date(`${local}:00+05:30`);
const KOLKATA = 'Asia/Kolkata';

describe('wallClock', () => {
  it("reads the business's own clock, whatever the server's", () => {
    expect(wallClock(inKolkata('2026-12-07T19:30'), KOLKATA)).toEqual({
      date: '2026-12-07',
      weekday: 0,
      minutes: 1170,
    });
    // 00:30 in India is still the evening before in London.
    expect(wallClock(inKolkata('2026-12-08T00:30'), 'Europe/London')).toEqual({
      date: '2026-12-07',
      weekday: 0,
      minutes: 19 * 60,
    });
  });
});

describe('openStatus', () => {
  it('is open within a period, and says when it closes and how soon', () => {
    expect(openStatus(DEMO, KOLKATA, inKolkata('2026-12-07T19:30'))).toEqual({
      open: true,
      closes: { weekday: 0, time: '20:00', date: '2026-12-07' },
      minutesToClose: 30,
    });
  });

  it('is closed from the closing minute on, and opens the next morning', () => {
    expect(openStatus(DEMO, KOLKATA, inKolkata('2026-12-07T20:00'))).toEqual({
      open: false,
      opens: { weekday: 1, time: '09:00', date: '2026-12-08' },
      closedToday: null,
    });
  });

  it('opens later the same day before the first period', () => {
    expect(openStatus(DEMO, KOLKATA, inKolkata('2026-12-07T08:59'))).toMatchObject({
      open: false,
      opens: { time: '09:00', date: '2026-12-07' },
    });
  });

  it('skips a closed Sunday: on Saturday night it opens on Monday', () => {
    expect(openStatus(DEMO, KOLKATA, inKolkata('2026-12-12T18:30'))).toEqual({
      open: false,
      opens: { weekday: 0, time: '09:00', date: '2026-12-14' },
      closedToday: null,
    });
  });

  it('is closed all day on a closure, says why, and opens on the next day that is not one', () => {
    const diwali = { date: '2026-11-09', note: 'Diwali', noteHi: 'दिवाली' };
    const hours = { ...DEMO, closures: [diwali, { date: '2026-11-10', note: 'Diwali', noteHi: '' }] };
    expect(openStatus(hours, KOLKATA, inKolkata('2026-11-09T12:00'))).toEqual({
      open: false,
      opens: { weekday: 2, time: '09:00', date: '2026-11-11' },
      closedToday: diwali,
    });
  });

  it('keeps a period that runs past midnight open into the next day, even a closure', () => {
    const lateNights: OpeningHours = {
      week: [[], [], [], [], weekdays('18:00', '02:00'), weekdays('18:00', '02:00'), []],
      closures: [{ date: '2026-12-12', note: 'Closed', noteHi: '' }],
    };
    // Friday 23:30: open until Saturday 02:00.
    expect(openStatus(lateNights, KOLKATA, inKolkata('2026-12-11T23:30'))).toEqual({
      open: true,
      closes: { weekday: 5, time: '02:00', date: '2026-12-12' },
      minutesToClose: 150,
    });
    // Saturday 01:00, a closure's date: still Friday's night.
    expect(openStatus(lateNights, KOLKATA, inKolkata('2026-12-12T01:00'))).toMatchObject({ open: true });
    // Saturday 19:00: the closure keeps Saturday's night shut; the next is Friday's.
    expect(openStatus(lateNights, KOLKATA, inKolkata('2026-12-12T19:00'))).toMatchObject({
      open: false,
      opens: { weekday: 4, time: '18:00', date: '2026-12-18' },
      closedToday: { date: '2026-12-12' },
    });
  });

  it('closes at midnight when a period closes at 00:00', () => {
    const toMidnight: OpeningHours = {
      week: Array.from({ length: 7 }, () => weekdays('12:00', '00:00')),
      closures: [],
    };
    expect(openStatus(toMidnight, KOLKATA, inKolkata('2026-12-07T23:59'))).toMatchObject({
      open: true,
      closes: { time: '00:00', date: '2026-12-08' },
      minutesToClose: 1,
    });
  });

  it('never opens when the week has no period', () => {
    const never: OpeningHours = { week: Array.from({ length: 7 }, () => []), closures: [] };
    expect(openStatus(never, KOLKATA, inKolkata('2026-12-07T12:00'))).toEqual({
      open: false,
      opens: null,
      closedToday: null,
    });
  });

  it('finds the second period of a split day', () => {
    const split: OpeningHours = {
      week: Array.from({ length: 7 }, () => [
        { opens: '09:00', closes: '13:00' },
        { opens: '16:00', closes: '20:00' },
      ]),
      closures: [],
    };
    expect(openStatus(split, KOLKATA, inKolkata('2026-12-07T14:00'))).toMatchObject({
      open: false,
      opens: { time: '16:00', date: '2026-12-07' },
    });
    expect(openStatus(split, KOLKATA, inKolkata('2026-12-07T16:00'))).toMatchObject({
      open: true,
      closes: { time: '20:00' },
    });
  });
});

describe('openingHoursRows', () => {
  it('joins days in a row with the same hours, in English', () => {
    expect(openingHoursRows(DEMO, 'en')).toEqual([
      { days: 'Mon–Fri', hours: '9:00 AM – 8:00 PM' },
      { days: 'Sat', hours: '10:00 AM – 6:00 PM' },
      { days: 'Sun', hours: 'Closed' },
    ]);
  });

  it('says the days and the parts of the day in Hindi', () => {
    expect(openingHoursRows(DEMO, 'hi')).toEqual([
      { days: 'सोम–शुक्र', hours: 'सुबह 9:00 – रात 8:00' },
      { days: 'शनि', hours: 'सुबह 10:00 – शाम 6:00' },
      { days: 'रवि', hours: 'बंद' },
    ]);
  });

  it('lists a split day’s periods one after the other, and a lone day apart', () => {
    const hours: OpeningHours = {
      week: [
        [
          { opens: '09:00', closes: '13:00' },
          { opens: '16:00', closes: '20:00' },
        ],
        [],
        weekdays('09:00', '20:00'),
        weekdays('09:00', '20:00'),
        [],
        [],
        [],
      ],
      closures: [],
    };
    expect(openingHoursRows(hours, 'en')).toEqual([
      { days: 'Mon', hours: '9:00 AM – 1:00 PM, 4:00 PM – 8:00 PM' },
      { days: 'Tue', hours: 'Closed' },
      { days: 'Wed–Thu', hours: '9:00 AM – 8:00 PM' },
      { days: 'Fri–Sun', hours: 'Closed' },
    ]);
  });
});
