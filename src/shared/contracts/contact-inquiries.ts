// The back office's inquiry inbox: full zod, admin code only (the public form's schema is
// contact-inquiry-form.ts, which stays on zod/mini).
import { z } from 'zod';
import {
  INQUIRY_ASSIGNED_FILTERS,
  INQUIRY_PAGE_SIZE,
  INQUIRY_PAGE_SIZE_MAX,
  INQUIRY_SEARCH_MAX_LENGTH,
  INQUIRY_SERVICES,
  INQUIRY_STATUSES,
} from '../rules/contact-inquiries.ts';
import { LOCALES } from '../rules/locales.ts';
import { idParamsSchema } from './api.ts';
import { emptyAsUndefined, pagingQuery, searchParam } from './paging.ts';

export const InquiryStatusSchema = z.enum(
  INQUIRY_STATUSES,
  'Choose a status: new, in-progress, resolved or closed',
);

/** A back-office user as the inbox names them: their name, or their email when they have none. */
const InquiryAssigneeSchema = z.object({ _id: z.string(), name: z.string() });

export const InquirySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** E.164 as stored (`+919876543210`), or as typed for an inquiry older than that rule. */
  phone: z.string(),
  /** The phone as people read it: `+91 98765 43210`. */
  phoneDisplay: z.string(),
  email: z.string(),
  city: z.string(),
  query: z.string(),
  service: z.enum(INQUIRY_SERVICES),
  status: InquiryStatusSchema,
  isRead: z.boolean(),
  /** The language of the page it was sent from: the reply offered to the team is in it. */
  language: z.enum(LOCALES),
  /** The team member it is assigned to, or null. */
  assignee: InquiryAssigneeSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Inquiry = z.infer<typeof InquirySchema>;

// `?status=` and `?q=` may arrive empty (older clients' URLs carry them so): empty means "no filter".
export const InquiryFilterSchema = z.object({
  q: searchParam(INQUIRY_SEARCH_MAX_LENGTH),
  status: z.preprocess(emptyAsUndefined, InquiryStatusSchema.optional()),
  /** `me`: assigned to the signed-in user; `none`: assigned to nobody. */
  assigned: z.preprocess(
    emptyAsUndefined,
    z.enum(INQUIRY_ASSIGNED_FILTERS, 'Choose an assignment filter: me or none').optional(),
  ),
});
export type InquiryFilter = z.infer<typeof InquiryFilterSchema>;

export const InquiryListQuerySchema = InquiryFilterSchema.extend(
  pagingQuery({ pageSize: INQUIRY_PAGE_SIZE, maxPageSize: INQUIRY_PAGE_SIZE_MAX }),
);

export const InquiryListResponseSchema = z.object({
  inquiries: z.array(InquirySchema),
  /**
   * Exact, unless `totalCapped`: then at least this many match (INQUIRY_TOTAL_CAP, or fewer when a search
   * with a status filter stopped counting early), shown as "10,000+".
   */
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** The ids of the listed inquiries that are overdue: waiting without a response too long (decision 080). */
  overdue: z.array(z.string()),
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

export const InquiryDetailResponseSchema = z.object({ inquiry: InquirySchema });

export const InquiryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  inquiry: InquirySchema,
});

/** PUT /api/contact-inquiries/:id/assignee: a team member's id, or null to unassign. */
export const InquiryAssigneeUpdateSchema = z.object({
  userId: z.uuid('Choose a team member').nullable(),
});

/** The team members an inquiry can be assigned to: active users whose role can use the inbox. */
export const InquiryAssigneeOptionSchema = InquiryAssigneeSchema.extend({ email: z.string() });
export type InquiryAssigneeOption = z.infer<typeof InquiryAssigneeOptionSchema>;

export const InquiryAssigneesResponseSchema = z.object({
  assignees: z.array(InquiryAssigneeOptionSchema),
});
