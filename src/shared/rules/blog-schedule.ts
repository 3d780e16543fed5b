// When a post is to publish itself (scheduled publishing). A file of its own: public pages load blog.ts and
// have no use for these texts.

export const SCHEDULE_MESSAGES = {
  missing: 'Choose the date and time to publish the post',
  format: 'Scheduled time must be a date and time with its offset, e.g. 2026-11-25T15:30:00+05:30',
  past: 'Choose a time in the future',
  alsoPublished: 'Choose Publish now or Schedule, not both',
} as const;

/**
 * What is wrong with when a post is to be published, at `now` (milliseconds since the epoch); null when
 * nothing is. A post published now has no schedule, and a schedule lies ahead: a time already past would
 * publish the post at the next sweep, which is Publish now in disguise and most likely a mistyped date.
 */
export function scheduleProblem(
  { isPublished, scheduledAt }: { isPublished: boolean; scheduledAt: string | null },
  now: number,
): string | null {
  if (scheduledAt === null) return null;
  if (isPublished) return SCHEDULE_MESSAGES.alsoPublished;
  return Date.parse(scheduledAt) > now ? null : SCHEDULE_MESSAGES.past;
}
