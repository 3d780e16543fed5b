import { describe, expect, it } from 'vitest';
import {
  type Closure,
  type OpeningHours,
  openingHoursRows,
  openStatus,
  openTimeline,
  type WallTime,
  wallClock,
} from './opening-hours.ts';

const weekdays = (opens: string, closes: string) => [{ opens, closes }];

/** The demo's week: Monday to Friday 9–8, Saturday 10–6, Sunday closed. */
const DEMO: OpeningHours = {
  week: [...Array.from({ length: 5 }, () => weekdays('09:00', '20:00')), weekdays('10:00', '18:00'), []],
  closures: [],
};

/** The instant a clock in India (UTC+05:30) reads `local` ("2026-12-07T19:30" was a Monday evening). */
const inKolkata = (local: string) => new Date(`${local}:00+05:30`);
const KOLKATA = 'Asia/Kolkata';

/** What openStatus says while closed: when it opens next, in how many minutes, and today's closure. */
const closedUntil = (opens: WallTime, minutesToOpen: number, closedToday: Closure | null = null) => ({
  open: false,
  opens,
  minutesToOpen,
  closedToday,
});

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
    expect(openStatus(DEMO, KOLKATA, inKolkata('2026-12-07T20:00'))).toEqual(
      closedUntil({ weekday: 1, time: '09:00', date: '2026-12-08' }, 13 * 60),
    );
  });

  it('opens later the same day before the first period', () => {
    expect(openStatus(DEMO, KOLKATA, inKolkata('2026-12-07T08:59'))).toMatchObject({
      open: false,
      opens: { time: '09:00', date: '2026-12-07' },
    });
  });

  it('skips a closed Sunday: on Saturday night it opens on Monday', () => {
    expect(openStatus(DEMO, KOLKATA, inKolkata('2026-12-12T18:30'))).toEqual(
      closedUntil({ weekday: 0, time: '09:00', date: '2026-12-14' }, 5.5 * 60 + 24 * 60 + 9 * 60),
    );
  });

  it('is closed all day on a closure, says why, and opens on the next day that is not one', () => {
    const diwali = { date: '2026-11-09', note: 'Diwali', noteHi: 'दिवाली' };
    const hours = { ...DEMO, closures: [diwali, { date: '2026-11-10', note: 'Diwali', noteHi: '' }] };
    expect(openStatus(hours, KOLKATA, inKolkata('2026-11-09T12:00'))).toEqual(
      closedUntil({ weekday: 2, time: '09:00', date: '2026-11-11' }, 12 * 60 + 24 * 60 + 9 * 60, diwali),
    );
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
      minutesToOpen: null,
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

describe('openTimeline', () => {
  /** Each moment as the business's clock reads it, and whether it is open then. */
  const readable = (hours: OpeningHours, timeZone: string, from: Date, count: number) =>
    openTimeline(hours, timeZone, from, count).map(({ at, status }) => {
      const clock = wallClock(new Date(at), timeZone);
      const time = `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
      return `${clock.date} ${time} ${status.open ? 'open' : 'closed'}`;
    });

  it('moves on at closing soon, closing, midnight and opening', () => {
    // Monday 19:10:30: open; closing soon at 19:30; closed at 20:00; a new day at midnight; open at 09:00.
    expect(readable(DEMO, KOLKATA, new Date('2026-12-07T19:10:30+05:30'), 5)).toEqual([
      '2026-12-07 19:10 open',
      '2026-12-07 19:30 open',
      '2026-12-07 20:00 closed',
      '2026-12-08 00:00 closed',
      '2026-12-08 09:00 open',
    ]);
    // Each later moment starts on its minute.
    for (const { at } of openTimeline(DEMO, KOLKATA, new Date('2026-12-07T19:10:30+05:30'), 9).slice(1)) {
      expect(at % 60_000).toBe(0);
    }
  });

  it('starts each moment at the wall-clock minute on a day that changes the clock', () => {
    // London springs forward at 01:00 UTC on 29 March 2026; a shop open 09:00–17:00 every day.
    const everyDay: OpeningHours = {
      week: Array.from({ length: 7 }, () => weekdays('09:00', '17:00')),
      closures: [],
    };
    const moments = readable(everyDay, 'Europe/London', new Date('2026-03-28T18:00:00Z'), 5);
    expect(moments).toEqual([
      '2026-03-28 18:00 closed',
      '2026-03-29 00:00 closed',
      '2026-03-29 09:00 open',
      '2026-03-29 16:30 open',
      '2026-03-29 17:00 closed',
    ]);
    // And falls back at 01:00 UTC on 25 October: the morning's opening is still at 09:00 on the wall.
    expect(readable(everyDay, 'Europe/London', new Date('2026-10-24T22:30:00Z'), 3)).toEqual([
      '2026-10-24 23:30 closed',
      '2026-10-25 00:00 closed',
      '2026-10-25 09:00 open',
    ]);
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
