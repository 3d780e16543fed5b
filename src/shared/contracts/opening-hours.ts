import { z } from 'zod';
import { minutesOf, type OpeningPeriod, periodSpan } from '../rules/opening-hours.ts';
import { withoutControlCharacters } from './fields.ts';

/** Periods a day may have: a morning and an evening, and one more (a late counter). */
const PERIODS_A_DAY_MAX = 3;
/** Closures kept ahead: a year of holidays and more. */
const CLOSURES_MAX = 60;
const NOTE_MAX = 60;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const TimeSchema = z
  .string()
  .refine((value) => !Number.isNaN(minutesOf(value)), 'Enter a time as HH:MM, e.g. 09:30');

const PeriodSchema = z
  .object({ opens: TimeSchema, closes: TimeSchema })
  .refine((period) => period.opens !== period.closes, {
    message: 'The closing time must differ from the opening time',
    path: ['closes'],
  });

/** A real calendar day ("2026-02-30" is not one). */
const isCalendarDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const ClosureSchema = z.object({
  date: z.string().trim().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD'),
  note: z
    .string()
    .trim()
    .check(withoutControlCharacters('Reason'))
    .min(1, 'Say why, e.g. Diwali')
    .max(NOTE_MAX, `At most ${NOTE_MAX} characters`),
  noteHi: z
    .string()
    .trim()
    .check(withoutControlCharacters('Reason in Hindi'))
    .max(NOTE_MAX, `At most ${NOTE_MAX} characters`)
    .default(''),
});

/**
 * Each period of a day opens after the one before it has closed; one that runs past midnight is the day's
 * last, and closes before the next day's first opens.
 */
function checkOrder(week: OpeningPeriod[][], context: z.RefinementCtx): void {
  week.forEach((periods, weekday) => {
    let previousEnd = -1;
    periods.forEach((period, index) => {
      const { start, end } = periodSpan(period);
      if (Number.isNaN(start) || Number.isNaN(end)) return;
      if (start < previousEnd) {
        context.addIssue({
          code: 'custom',
          message: 'Periods must follow one another without overlapping',
          path: [weekday, index, 'opens'],
        });
      }
      previousEnd = end;
    });
    const nextFirst = week[(weekday + 1) % 7]?.[0];
    if (previousEnd > 24 * 60 && nextFirst && previousEnd - 24 * 60 > minutesOf(nextFirst.opens)) {
      context.addIssue({
        code: 'custom',
        message: 'The night before is still open then',
        path: [(weekday + 1) % 7, 0, 'opens'],
      });
    }
  });
}

/**
 * A week of periods, Monday first: the business's opening hours, and a team member's duty hours
 * (decision 076).
 */
export const WeekSchema = z
  .array(z.array(PeriodSchema).max(PERIODS_A_DAY_MAX, `At most ${PERIODS_A_DAY_MAX} periods a day`))
  .length(7, 'Give the hours of all seven days')
  .superRefine(checkOrder);

/** The opening hours the owner keeps in the settings (rules/opening-hours.ts reads them; decision 073). */
export const OpeningHoursSchema = z
  .object({
    week: WeekSchema,
    closures: z.array(ClosureSchema).max(CLOSURES_MAX, `At most ${CLOSURES_MAX} closures`),
  })
  .superRefine(({ closures }, context) => {
    const seen = new Set<string>();
    closures.forEach(({ date }, index) => {
      if (seen.has(date)) {
        context.addIssue({
          code: 'custom',
          message: 'This day is listed already',
          path: ['closures', index, 'date'],
        });
      }
      seen.add(date);
    });
  });
