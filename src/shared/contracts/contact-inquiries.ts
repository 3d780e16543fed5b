// The back office's inquiry inbox and dashboard: full zod, admin code only (the public form uses
// contact-inquiries.ts, which stays on zod/mini).
import { z } from 'zod';
import { idParamsSchema } from './api.ts';
import { INQUIRY_SERVICES, INQUIRY_STATUSES, type InquiryStatus } from './contact-inquiry-form.ts';
import { emptyAsUndefined, pagingQuery } from './paging.ts';
import { withoutControlCharacters } from './text-checks.ts';

export const InquiryStatusSchema = z.enum(
  INQUIRY_STATUSES,
  'Choose a status: new, in-progress, resolved or closed',
);

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const InquirySchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  city: z.string(),
  query: z.string(),
  service: z.enum(INQUIRY_SERVICES),
  status: InquiryStatusSchema,
  isRead: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Inquiry = z.infer<typeof InquirySchema>;

/** Search totals are counted up to this many; above it the total is shown as "10,000+". */
export const INQUIRY_TOTAL_CAP = 10_000;
export const INQUIRY_PAGE_SIZE = 20;
export const INQUIRY_PAGE_SIZE_MAX = 100;
export const INQUIRY_SEARCH_MAX_LENGTH = 200;

// `?status=` and `?q=` may arrive empty (the spec's URLs carry them so): empty means "no filter".
export const InquiryFilterSchema = z.object({
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      // Also keeps the separator the PostgreSQL search expression puts between fields (U+001F) out of any term.
      .check(withoutControlCharacters('Search'))
      .max(INQUIRY_SEARCH_MAX_LENGTH, `Search must be at most ${INQUIRY_SEARCH_MAX_LENGTH} characters`)
      .optional(),
  ),
  status: z.preprocess(emptyAsUndefined, InquiryStatusSchema.optional()),
});
export type InquiryFilter = z.infer<typeof InquiryFilterSchema>;

export const InquiryListQuerySchema = InquiryFilterSchema.extend(
  pagingQuery({ pageSize: INQUIRY_PAGE_SIZE, maxPageSize: INQUIRY_PAGE_SIZE_MAX }),
);
export type InquiryListQuery = z.infer<typeof InquiryListQuerySchema>;

export const InquiryListResponseSchema = z.object({
  inquiries: z.array(InquirySchema),
  /**
   * Exact, unless `totalCapped`: then at least this many match (INQUIRY_TOTAL_CAP, or fewer when a search
   * with a status filter stopped counting early), shown as "10,000+".
   */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InquiryListResponse = z.infer<typeof InquiryListResponseSchema>;

export const InquiryStatsSchema = z.object({
  total: z.number().int(),
  new: z.number().int(),
  inProgress: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
  unread: z.number().int(),
});
export type InquiryStats = z.infer<typeof InquiryStatsSchema>;
export const InquiryStatsResponseSchema = z.object({ stats: InquiryStatsSchema });

export const InquiryIdParamsSchema = idParamsSchema('inquiry');

export const InquiryStatusUpdateSchema = z.object({ status: InquiryStatusSchema });

export const InquiryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  inquiry: InquirySchema,
});

export const INQUIRY_MESSAGES = {
  statusUpdated: 'Status updated successfully',
  statusFailed: 'Failed to update status',
  deleted: 'Inquiry deleted successfully',
  deleteFailed: 'Failed to delete inquiry',
  loadFailed: 'Failed to load inquiries',
  markedRead: 'Inquiry marked as read',
  markedUnread: 'Inquiry marked as unread',
  notFound: 'Inquiry not found',
  deleteConfirm: 'Are you sure you want to delete this inquiry?',
} as const;

export const DASHBOARD_DAYS = 30;

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

/** Spreadsheets run a cell starting with one of these as a formula; the export neutralises them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell value that a spreadsheet shows as text: a leading formula character gets a `'` before it. */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
