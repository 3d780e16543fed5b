import { z } from 'zod';
import { InquirySchema, InquiryStatsSchema } from './contact-inquiries.ts';
import { emptyAsUndefined } from './paging.ts';

/** `GET /api/admin/dashboard?utcOffsetMinutes=`: the back office's figures, built mostly from the inquiries. */
export const DashboardQuerySchema = z.object({
  /** The viewer's offset from UTC in minutes (India: 330), so "a day" is the viewer's day. */
  utcOffsetMinutes: z.preprocess(
    emptyAsUndefined,
    z.coerce.number('utcOffsetMinutes must be a number').int().min(-720).max(840).default(0),
  ),
});

export const DailyInquiryCountSchema = z.object({
  /** The viewer's calendar day, YYYY-MM-DD. */
  date: z.string(),
  new: z.number().int(),
  inProgress: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
});
export type DailyInquiryCount = z.infer<typeof DailyInquiryCountSchema>;

export const DashboardSchema = z.object({
  stats: InquiryStatsSchema,
  /** DASHBOARD_DAYS entries, oldest first, today last; days without inquiries are zeros. */
  perDay: z.array(DailyInquiryCountSchema),
  /** The newest unread inquiries, newest first (at most 5). */
  recentUnread: z.array(InquirySchema),
  publishedPosts: z.number().int(),
  activeContacts: z.number().int(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = z.object({ dashboard: DashboardSchema });
