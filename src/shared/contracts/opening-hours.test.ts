import { describe, expect, it } from 'vitest';
import { OpeningHoursSchema } from './opening-hours.ts';

const day = (...periods: [string, string][]) => periods.map(([opens, closes]) => ({ opens, closes }));
const week = (...days: ReturnType<typeof day>[]) => [
  ...days,
  ...Array.from({ length: 7 - days.length }, () => []),
];

/** Each issue as "path: message". */
function issuesOf(input: unknown): string[] {
  const result = OpeningHoursSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('OpeningHoursSchema', () => {
  it('takes a week of split days, a night past midnight and closures, trimming the notes', () => {
    const parsed = OpeningHoursSchema.parse({
      week: week(
        day(['09:00', '13:00'], ['16:00', '20:00']),
        day(['18:00', '02:00']),
        day(['09:00', '00:00']),
      ),
      closures: [
        { date: '2026-11-09', note: ' Diwali ', noteHi: 'दिवाली' },
        { date: '2026-12-25', note: 'Christmas' },
      ],
    });
    expect(parsed.closures).toEqual([
      { date: '2026-11-09', note: 'Diwali', noteHi: 'दिवाली' },
      { date: '2026-12-25', note: 'Christmas', noteHi: '' },
    ]);
    expect(parsed.week[1]).toEqual([{ opens: '18:00', closes: '02:00' }]);
  });

  it('names the time, the period and the day that are wrong', () => {
    expect(issuesOf({ week: week(day(['9:00', '25:00'])), closures: [] })).toEqual([
      'week.0.0.opens: Enter a time as HH:MM, e.g. 09:30',
      'week.0.0.closes: Enter a time as HH:MM, e.g. 09:30',
    ]);
    expect(issuesOf({ week: week(day(['09:00', '09:00'])), closures: [] })).toEqual([
      'week.0.0.closes: The closing time must differ from the opening time',
    ]);
    expect(issuesOf({ week: week(), closures: [] }).length).toBe(0);
    expect(issuesOf({ week: week().slice(0, 6), closures: [] })).toEqual([
      'week: Give the hours of all seven days',
    ]);
    expect(
      issuesOf({
        week: week(day(['08:00', '09:00'], ['10:00', '11:00'], ['12:00', '13:00'], ['14:00', '15:00'])),
        closures: [],
      }),
    ).toEqual(['week.0: At most 3 periods a day']);
  });

  it('refuses periods that overlap, out of order, or a night that runs into the next day’s opening', () => {
    expect(issuesOf({ week: week(day(['09:00', '14:00'], ['13:00', '20:00'])), closures: [] })).toEqual([
      'week.0.1.opens: Periods must follow one another without overlapping',
    ]);
    expect(issuesOf({ week: week(day(['16:00', '20:00'], ['09:00', '13:00'])), closures: [] })).toEqual([
      'week.0.1.opens: Periods must follow one another without overlapping',
    ]);
    // A night past midnight is the day's last period.
    expect(issuesOf({ week: week(day(['18:00', '02:00'], ['20:00', '22:00'])), closures: [] })).toEqual([
      'week.0.1.opens: Periods must follow one another without overlapping',
    ]);
    expect(issuesOf({ week: week(day(['18:00', '02:00']), day(['01:00', '05:00'])), closures: [] })).toEqual([
      'week.1.0.opens: The night before is still open then',
    ]);
    // Sunday's night runs into Monday.
    const sundayNight = week(day(['01:00', '05:00']), [], [], [], [], [], day(['20:00', '03:00']));
    expect(issuesOf({ week: sundayNight, closures: [] })).toEqual([
      'week.0.0.opens: The night before is still open then',
    ]);
  });

  it('refuses a day that is not one, a closure listed twice and a note that is empty or too long', () => {
    expect(
      issuesOf({
        week: week(),
        closures: [
          { date: '2026-02-30', note: 'Holiday' },
          { date: '2026-11-09', note: '   ' },
          { date: '2026-11-09', note: 'x'.repeat(61) },
        ],
      }),
    ).toEqual([
      'closures.0.date: Enter a date as YYYY-MM-DD',
      'closures.1.note: Say why, e.g. Diwali',
      'closures.2.note: At most 60 characters',
      'closures.2.date: This day is listed already',
    ]);
    expect(
      issuesOf({
        week: week(),
        closures: [
          { date: '2026-11-09', note: 'Diwali' },
          { date: '2026-11-09', note: 'Diwali again' },
        ],
      }),
    ).toEqual(['closures.1.date: This day is listed already']);
  });
});
