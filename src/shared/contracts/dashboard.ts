import { z } from 'zod';
import { SECURITY_NOTICE_ACTIONS } from '../rules/audit-log.ts';
import { CONTACT_CHANNEL_TYPES } from '../rules/contact-channels.ts';
import { CLICK_PERIOD_DAYS, type ClickPeriodDays, DEFAULT_CLICK_PERIOD_DAYS } from '../rules/dashboard.ts';
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

/** A security notice (SECURITY_NOTICE_ACTIONS) as the audit log recorded it. */
export const SecurityNoticeSchema = z.object({
  action: z.enum(SECURITY_NOTICE_ACTIONS),
  at: z.string(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
});
export type SecurityNotice = z.infer<typeof SecurityNoticeSchema>;

export const DashboardSchema = z.object({
  stats: InquiryStatsSchema,
  /** DASHBOARD_DAYS entries, oldest first, today last; days without inquiries are zeros. */
  perDay: z.array(DailyInquiryCountSchema),
  /** The newest unread inquiries, newest first (at most 5). */
  recentUnread: z.array(InquirySchema),
  publishedPosts: z.number().int(),
  activeContacts: z.number().int(),
  /** For administrators: the security notices of the last SECURITY_NOTICE_DAYS days, newest first (at most 5). */
  securityNotices: z.array(SecurityNoticeSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = z.object({ dashboard: DashboardSchema });

/** `GET /api/admin/dashboard/clicks-and-views?days=`: 7, 30 or 90 days, today included. */
export const ClicksAndViewsQuerySchema = z.object({
  days: z.preprocess(
    emptyAsUndefined,
    z
      .enum(
        CLICK_PERIOD_DAYS.map(String) as [`${ClickPeriodDays}`, ...`${ClickPeriodDays}`[]],
        'Choose 7, 30 or 90 days',
      )
      .default(`${DEFAULT_CLICK_PERIOD_DAYS}`),
  ),
});

export const ChannelClickTotalSchema = z.object({
  channelId: z.string(),
  type: z.enum(CONTACT_CHANNEL_TYPES),
  /** As people read it: a number in international form, other values as they are. */
  display: z.string(),
  clicks: z.number().int(),
});
export type ChannelClickTotal = z.infer<typeof ChannelClickTotalSchema>;

export const PostViewTotalSchema = z.object({
  postId: z.string(),
  title: z.string(),
  views: z.number().int(),
});
export type PostViewTotal = z.infer<typeof PostViewTotalSchema>;

/** Visitors the routed WhatsApp and call links sent to one team member on duty (decision 076). */
export const DutyClickTotalSchema = z.object({
  adminId: z.string(),
  name: z.string(),
  whatsapp: z.number().int(),
  calls: z.number().int(),
});
export type DutyClickTotal = z.infer<typeof DutyClickTotalSchema>;

/** What one counter poster brought in a period (decision 077): page visits and channel taps with its tag. */
export const PosterTotalSchema = z.object({
  posterId: z.string(),
  name: z.string(),
  tag: z.string(),
  visits: z.number().int(),
  taps: z.number().int(),
});
export type PosterTotal = z.infer<typeof PosterTotalSchema>;

export const ClicksAndViewsSchema = z.object({
  days: z.number().int(),
  /** The first and last day counted (YYYY-MM-DD, in the business's time zone). */
  from: z.string(),
  to: z.string(),
  /** The channels clicked in the period, most clicked first; none when nobody clicked. */
  channelClicks: z.array(ChannelClickTotalSchema),
  /** The most viewed posts in the period (at most MOST_VIEWED_POSTS), most viewed first. */
  postViews: z.array(PostViewTotalSchema),
  /**
   * The members on duty visitors were sent to in the period, the most first: every member for an
   * administrator, one's own row for anyone else (none when nobody was sent to them).
   */
  dutyClicks: z.array(DutyClickTotalSchema),
  /** The posters that brought visits or taps in the period, the most first. */
  posters: z.array(PosterTotalSchema),
});
export type ClicksAndViews = z.infer<typeof ClicksAndViewsSchema>;
export const ClicksAndViewsResponseSchema = z.object({ clicksAndViews: ClicksAndViewsSchema });

/** The first response's figures over some inquiries, in minutes (decision 080). */
const ResponseStatSchema = z.object({
  count: z.number().int(),
  medianMinutes: z.number(),
  p90Minutes: z.number(),
});

/**
 * `GET /api/admin/dashboard/first-responses?days=7|30|90`: how long the inquiries received in the period
 * waited for their first response, overall and per team member who gave it (decision 080).
 */
export const FirstResponsesSchema = z.object({
  days: z.number().int(),
  /** Counted in business hours (the opening hours are data), or else in clock time. */
  businessHours: z.boolean(),
  /** Null when none was answered. */
  overall: ResponseStatSchema.nullable(),
  /** Inquiries received in the period still without a response. */
  unanswered: z.number().int(),
  /** Every member's for an administrator; one's own row for an agent; none for an editor. The fastest first. */
  members: z.array(ResponseStatSchema.extend({ adminId: z.string().nullable(), name: z.string() })),
});
export type FirstResponses = z.infer<typeof FirstResponsesSchema>;
export const FirstResponsesResponseSchema = z.object({ firstResponses: FirstResponsesSchema });
